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
