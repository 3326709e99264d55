import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotency } from '../builtins/idempotency.js';
import type { IdempotencyClaim, IdempotencyStore } from '../builtins/idempotency-store.js';
import { rateLimit } from '../builtins/rate-limit.js';
import type { RateLimitStore } from '../builtins/rate-limit-store.js';
import { createOpwire } from '../create-opwire.js';
import { defineOperation } from '../operation.js';
import type { Transaction } from '../ports/transaction-manager.js';
import { uniqueSuffix } from './conformance-case.js';
import type { PortHarness } from './port-harness.js';

/** What the middleware-store suite needs: an adapter's two stores beside its transactions and audit log. */
export interface MiddlewareStoreHarness extends PortHarness {
  readonly rateLimits: RateLimitStore;
  readonly idempotency: IdempotencyStore;
}

const claimFor = (suffix: string, fingerprint = 'f1', expiresAt = Date.now() + 60_000): IdempotencyClaim => ({
  scope: `tenant-${suffix}:user:things.create`,
  key: `key-${suffix}`,
  fingerprint,
  expiresAt,
});

/**
 * Runs the conformance cases of the `RateLimitStore` and `IdempotencyStore` ports, and of the
 * `rateLimit` and `idempotency` middleware over them, against one adapter.
 */
export function describeMiddlewareStoreConformance(
  name: string,
  setup: () => Promise<MiddlewareStoreHarness>,
): void {
  describe(name, () => {
    let current: MiddlewareStoreHarness | undefined;
    const harness = () => current as MiddlewareStoreHarness;
    beforeAll(async () => {
      current = await setup();
    });
    afterAll(async () => {
      await current?.close();
    });

    describe('RateLimitStore', () => {
      it('counts hits per key within a window and starts over in the next', async () => {
        const key = uniqueSuffix();
        const start = 1_700_000_000_000;
        const counts = [];
        for (const at of [start, start + 10, start + 999])
          counts.push(await harness().rateLimits.hit(key, 1000, at));
        expect(counts).toEqual([
          { count: 1, resetAt: start + 1000 },
          { count: 2, resetAt: start + 1000 },
          { count: 3, resetAt: start + 1000 },
        ]);
        expect(await harness().rateLimits.hit(key, 1000, start + 1000)).toEqual({
          count: 1,
          resetAt: start + 2000,
        });
        expect((await harness().rateLimits.hit(`${key}-other`, 1000, start + 1000)).count).toBe(1);
      });

      it('gives concurrent hits distinct counts (no lost update)', async () => {
        const key = uniqueSuffix();
        const at = 1_700_000_000_000;
        const hits = await Promise.all(
          Array.from({ length: 12 }, () => harness().rateLimits.hit(key, 60_000, at)),
        );
        expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 12 }, (_, n) => n + 1),
        );
      });
    });

    describe('IdempotencyStore', () => {
      const inTransaction = <T>(work: (transaction: Transaction) => Promise<T>) =>
        harness().transactions.run(work, { readOnly: false });

      it('keeps a completed claim with its response once the transaction commits', async () => {
        const claim = claimFor(uniqueSuffix());
        const response = { id: 'o1', lines: [{ sku: 'tea', quantity: 2 }], note: '引号 "quoted"' };
        await inTransaction(async (transaction) => {
          expect(await harness().idempotency.begin(claim, transaction, Date.now())).toBeUndefined();
          await harness().idempotency.complete(claim, response, transaction);
        });
        const found = await inTransaction((transaction) =>
          harness().idempotency.begin(claim, transaction, Date.now()),
        );
        expect(found).toEqual({ fingerprint: 'f1', response });
      });

      it('keeps the response headers the call set beside its response', async () => {
        const claim = claimFor(uniqueSuffix());
        const headers = { location: '/things/o1', 'x-note': '引号' };
        await inTransaction(async (transaction) => {
          await harness().idempotency.begin(claim, transaction, Date.now());
          await harness().idempotency.complete(claim, { id: 'o1' }, transaction, headers);
        });
        const found = await inTransaction((transaction) =>
          harness().idempotency.begin(claim, transaction, Date.now()),
        );
        expect(found).toEqual({ fingerprint: 'f1', response: { id: 'o1' }, headers });
      });

      it('forgets a claim whose transaction rolled back, so the key can be used again', async () => {
        const claim = claimFor(uniqueSuffix());
        await expect(
          inTransaction(async (transaction) => {
            await harness().idempotency.begin(claim, transaction, Date.now());
            await harness().idempotency.complete(claim, { id: 'o1' }, transaction);
            throw new Error('the write failed');
          }),
        ).rejects.toThrow('the write failed');
        const again = await inTransaction((transaction) =>
          harness().idempotency.begin(claim, transaction, Date.now()),
        );
        expect(again).toBeUndefined();
      });

      it('treats an expired record as absent', async () => {
        const claim = claimFor(uniqueSuffix(), 'f1', Date.now() + 50);
        await inTransaction(async (transaction) => {
          await harness().idempotency.begin(claim, transaction, Date.now());
          await harness().idempotency.complete(claim, { id: 'o1' }, transaction);
        });
        const later = Date.now() + 60_000;
        const renewed = { ...claim, fingerprint: 'f2', expiresAt: later + 60_000 };
        expect(
          await inTransaction((transaction) => harness().idempotency.begin(renewed, transaction, later)),
        ).toBeUndefined();
      });

      it('makes a concurrent call with the same key wait for the first, then see its record', async () => {
        const claim = claimFor(uniqueSuffix());
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let claimed = () => {};
        const firstClaimed = new Promise<void>((resolve) => {
          claimed = resolve;
        });
        const first = inTransaction(async (transaction) => {
          await harness().idempotency.begin(claim, transaction, Date.now());
          claimed();
          await held;
          await harness().idempotency.complete(claim, { id: 'first' }, transaction);
        });
        await firstClaimed;
        const second = inTransaction((transaction) =>
          harness().idempotency.begin(claim, transaction, Date.now()),
        );
        release();
        await first;
        expect(await second).toEqual({ fingerprint: 'f1', response: { id: 'first' } });
      });
    });

    describe('rateLimit and idempotency through createOpwire', () => {
      const caller = { principalId: 'alice', tenant: 'acme', permissions: ['*'] };
      const appFor = (suffix: string) => {
        const create = defineOperation({
          id: `things.create${suffix}`,
          request: Type.Object({ key: Type.String() }),
          response: Type.Object({ key: Type.String() }),
          writes: true,
          async handle(request, context) {
            // Another caller's write of the same key is written apart (keys are unique in the store).
            const usual =
              context.caller.principalId === caller.principalId && context.tenant === caller.tenant;
            const written = usual
              ? request.key
              : `${request.key} by ${context.tenant}/${context.caller.principalId}`;
            await harness().write(context.transaction!, written);
            context.setHeader('location', `/things/${written}`);
            return { key: request.key };
          },
        });
        const { transactions, audit, rateLimits } = harness();
        const app = createOpwire({
          operations: [create],
          transactions,
          audit,
          use: [
            // A clock that stands still: four calls never straddle the end of a window.
            rateLimit({
              limit: 3,
              windowMs: 60_000,
              store: rateLimits,
              now: () => Date.UTC(2030, 0, 1, 0, 0, 15),
            }),
            idempotency({ store: harness().idempotency }),
          ],
        });
        return { app, create };
      };

      it('replays a write with the same key and request, writing nothing more; refuses the key for another request', async () => {
        const suffix = uniqueSuffix();
        const { app, create } = appFor(suffix);
        const headers = { 'idempotency-key': `k-${suffix}` };
        const firstHeaders: Record<string, string> = { 'x-set-before': 'by the surface' };
        const responseHeaders: Record<string, string> = {};
        const first = await app.invoke(
          create,
          { key: `${suffix}-a` },
          { caller, headers, responseHeaders: firstHeaders },
        );
        const again = await app.invoke(create, { key: `${suffix}-a` }, { caller, headers, responseHeaders });
        expect(again).toEqual(first);
        // The replay carries what the first call set (not what was there before it), and says it is one.
        expect(responseHeaders).toEqual({ location: `/things/${suffix}-a`, 'idempotent-replayed': 'true' });
        await expect(app.invoke(create, { key: `${suffix}-b` }, { caller, headers })).rejects.toMatchObject({
          code: 'IDEMPOTENCY_KEY_REUSED',
        });
        expect((await harness().committedKeys()).filter((key) => key.startsWith(suffix))).toEqual([
          `${suffix}-a`,
        ]);
        const outcomes = (await harness().audit.list({ operationId: `things.create${suffix}` })).map(
          (record) => record.code ?? record.outcome,
        );
        expect(outcomes).toEqual(['ok', 'ok', 'IDEMPOTENCY_KEY_REUSED']);
      });

      it('refuses calls past the limit with RATE_LIMITED and Retry-After', async () => {
        const suffix = uniqueSuffix();
        const { app, create } = appFor(suffix);
        for (let call = 0; call < 3; call++)
          await app.invoke(create, { key: `${suffix}-${call}` }, { caller });
        const refused = await app
          .invoke(create, { key: `${suffix}-x` }, { caller })
          .catch((error: unknown) => error);
        expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
        expect((refused as { headers: Record<string, string> }).headers['retry-after']).toBe('45');
        expect((await harness().committedKeys()).filter((key) => key.startsWith(suffix))).toHaveLength(3);
      });

      it('keeps the counts of two limiters stacked over one store apart (a burst limit and a quota)', async () => {
        const suffix = uniqueSuffix();
        let clock = Date.UTC(2030, 0, 1, 0, 0, 0);
        const { transactions, audit, rateLimits } = harness();
        const ping = defineOperation({
          id: `things.ping${suffix}`,
          request: Type.Object({}),
          response: Type.Object({ ok: Type.Boolean() }),
          transaction: false,
          handle: () => ({ ok: true }),
        });
        const app = createOpwire({
          operations: [ping],
          transactions,
          audit,
          use: [
            rateLimit({ name: 'per-second', limit: 3, windowMs: 1000, store: rateLimits, now: () => clock }),
            rateLimit({
              name: 'per-minute',
              limit: 5,
              windowMs: 60_000,
              store: rateLimits,
              now: () => clock,
            }),
          ],
        });
        const outcomes: string[] = [];
        // Two calls at the start of each of four seconds: the burst limit (3 a second) never refuses;
        // the quota (5 a minute) refuses the sixth call on, telling the client to wait for its minute.
        for (let second = 0; second < 4; second++) {
          clock = Date.UTC(2030, 0, 1, 0, 0, second);
          for (let call = 0; call < 2; call++) {
            const outcome = await app.invoke(ping, {}, { caller }).then(
              () => 'ok',
              (error: { code: string; headers: Record<string, string> }) =>
                `${error.code} ${error.headers['retry-after']}`,
            );
            outcomes.push(outcome);
          }
        }
        expect(outcomes).toEqual([
          'ok',
          'ok',
          'ok',
          'ok',
          'ok',
          'RATE_LIMITED 58',
          'RATE_LIMITED 57',
          'RATE_LIMITED 57',
        ]);
        // Four calls within one second: the burst limit refuses the fourth, with a wait under a second.
        clock = Date.UTC(2030, 0, 1, 0, 1, 0, 200);
        const burst: string[] = [];
        for (let call = 0; call < 4; call++) {
          burst.push(
            await app.invoke(ping, {}, { caller }).then(
              () => 'ok',
              (error: { code: string; headers: Record<string, string> }) =>
                `${error.code} ${error.headers['retry-after']}`,
            ),
          );
        }
        expect(burst).toEqual(['ok', 'ok', 'ok', 'RATE_LIMITED 1']);
      });

      it('keeps callers apart whose tenant and principal spell the same text joined with colons', async () => {
        const suffix = uniqueSuffix();
        const { app, create } = appFor(suffix);
        const first = { principalId: 'alice', tenant: 'acme:eu', permissions: ['*'] };
        const second = { principalId: 'eu:alice', tenant: 'acme', permissions: ['*'] };
        const headers = { 'idempotency-key': `k-${suffix}` };
        const responseHeaders: Record<string, string> = {};
        await app.invoke(create, { key: `${suffix}-same` }, { caller: first, headers });
        // The same key and request from another caller is that caller's own first write, not a replay.
        await app.invoke(create, { key: `${suffix}-same` }, { caller: second, headers, responseHeaders });
        expect(responseHeaders).toEqual({ location: `/things/${suffix}-same by acme/eu:alice` });
        expect((await harness().committedKeys()).filter((key) => key.startsWith(suffix))).toEqual([
          `${suffix}-same by acme:eu/alice`,
          `${suffix}-same by acme/eu:alice`,
        ]);
        // The first caller uses up its limit of three; the second has made one call and still has two.
        await app.invoke(create, { key: `${suffix}-1` }, { caller: first });
        await app.invoke(create, { key: `${suffix}-2` }, { caller: first });
        await expect(app.invoke(create, { key: `${suffix}-3` }, { caller: first })).rejects.toMatchObject({
          code: 'RATE_LIMITED',
        });
        await expect(app.invoke(create, { key: `${suffix}-4` }, { caller: second })).resolves.toEqual({
          key: `${suffix}-4`,
        });
      });
    });
  });
}
