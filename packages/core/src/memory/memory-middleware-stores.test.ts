import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../builtins/idempotency-store.js';
import { createMemoryRateLimitStore } from '../builtins/rate-limit-store.js';
import { describeMiddlewareStoreConformance } from '../testing/index.js';
import { createMemoryAuditLog } from './memory-audit-log.js';
import { createMemoryTransactionManager } from './memory-transaction-manager.js';

describeMiddlewareStoreConformance('in-memory rate-limit and idempotency stores', async () => {
  const keys: string[] = [];
  return {
    transactions: createMemoryTransactionManager(),
    audit: createMemoryAuditLog(),
    rateLimits: createMemoryRateLimitStore(),
    idempotency: createMemoryIdempotencyStore(),
    async write(transaction, key) {
      transaction.onCommit(() => keys.push(key));
    },
    async committedKeys() {
      return [...keys];
    },
    async close() {},
  };
});

describe('the in-memory idempotency store', () => {
  it('lets go of a record once it has expired, at the first claim a minute on', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const transactions = createMemoryTransactionManager();
    const store = createMemoryIdempotencyStore();
    const start = Date.UTC(2030, 0, 1);
    const claim = (key: string) => ({
      scope: '[null,null,"things.create"]',
      key,
      fingerprint: 'f',
      expiresAt: start + 1000,
    });
    let held: WeakRef<object> | undefined;
    await transactions.run(
      async (transaction) => {
        // The test keeps no strong reference to the response: only the store does.
        const response = { big: 'x'.repeat(1000) };
        held = new WeakRef(response);
        await store.begin(claim('first'), transaction, start);
        await store.complete(claim('first'), response, transaction);
      },
      { readOnly: false },
    );
    await transactions.run(async (transaction) => store.begin(claim('second'), transaction, start + 61_000), {
      readOnly: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(held?.deref()).toBeUndefined();
  });
});
