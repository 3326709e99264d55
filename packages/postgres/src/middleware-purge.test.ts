import { afterEach, describe, expect, it } from 'vitest';
import { noteServerSkip, testTargets } from './test-support.js';

const start = Date.UTC(2030, 0, 1);

describe.each(testTargets)('expired middleware rows are deleted ($name)', (target) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
  });

  const open = async () => {
    const postgres = await target.open();
    dispose = postgres.dispose;
    await postgres.migrate([]);
    const count = async (table: string) =>
      Number((await postgres.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
    /** Claims and completes each key in one transaction at `now`, as the idempotency middleware does. */
    const remember = (now: number, ...records: Array<[key: string, expiresAt: number]>) =>
      postgres.transactions.run(
        async (transaction) => {
          let earlier: unknown;
          for (const [key, expiresAt] of records) {
            const claim = { scope: '["acme","alice","orders.create"]', key, fingerprint: 'f', expiresAt };
            const found = await postgres.idempotency.begin(claim, transaction, now);
            earlier ??= found;
            await postgres.idempotency.complete(claim, { key }, transaction);
          }
          return earlier;
        },
        { readOnly: false },
      );
    const keys = async (table: string) =>
      (await postgres.query<{ key: string }>(`SELECT key FROM ${table} ORDER BY key`)).rows.map(
        (row) => row.key,
      );
    return { postgres, count, remember, keys };
  };

  it('deletes an idempotency record once it has expired, and keeps one that has not', async () => {
    const { remember, count, keys } = await open();
    await remember(start, ['short', start + 1000], ['long', start + 86_400_000]);
    expect(await count('opwire_idempotency')).toBe(2);
    // A minute later, the next claim deletes what has expired, on the session it uses anyway.
    const later = start + 61_000;
    await remember(later, ['next', later + 1000]);
    expect(await keys('opwire_idempotency')).toEqual(['long', 'next']);
  });

  it('lets the call go on when the purge fails: the purge alone is rolled back', async () => {
    const { postgres, remember, keys } = await open();
    await remember(start, ['old', start + 1000]);
    // A trigger that refuses every delete stands in for whatever could make the purge fail.
    await postgres.migrate([
      `CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no deletes'; END $$`,
      'CREATE TRIGGER refuse_delete BEFORE DELETE ON opwire_idempotency FOR EACH ROW EXECUTE FUNCTION refuse_delete()',
    ]);
    const later = start + 61_000;
    expect(await remember(later, ['new', later + 1000])).toBeUndefined();
    expect(await keys('opwire_idempotency')).toEqual(['new', 'old']);
  });

  it('deletes the counter of a window that ended, and keeps the current one', async () => {
    const { postgres, count, keys } = await open();
    await postgres.rateLimits.hit('["acme","alice","orders.create"]', 1000, start);
    await postgres.rateLimits.hit('["acme","bob","orders.create"]', 120_000, start);
    expect(await count('opwire_rate_limits')).toBe(2);
    const later = start + 61_000;
    expect((await postgres.rateLimits.hit('["acme","carol","orders.create"]', 1000, later)).count).toBe(1);
    expect(await keys('opwire_rate_limits')).toEqual([
      '["acme","bob","orders.create"]',
      '["acme","carol","orders.create"]',
    ]);
    // Alice's next window counts from one, as it would have without the purge.
    expect((await postgres.rateLimits.hit('["acme","alice","orders.create"]', 1000, later)).count).toBe(1);
  });
});

noteServerSkip();
