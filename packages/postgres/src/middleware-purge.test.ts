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
    return { postgres, count };
  };

  it('deletes an idempotency record once it has expired, and keeps one that has not', async () => {
    const { postgres, count } = await open();
    const claim = (key: string, expiresAt: number) => ({
      scope: '["acme","alice","orders.create"]',
      key,
      fingerprint: 'f',
      expiresAt,
    });
    await postgres.transactions.run(
      async (transaction) => {
        await postgres.idempotency.begin(claim('short', start + 1000), transaction, start);
        await postgres.idempotency.complete(claim('short', start + 1000), { id: 1 }, transaction);
        await postgres.idempotency.begin(claim('long', start + 86_400_000), transaction, start);
        await postgres.idempotency.complete(claim('long', start + 86_400_000), { id: 2 }, transaction);
      },
      { readOnly: false },
    );
    expect(await count('opwire_idempotency')).toBe(2);
    // A minute later, the next claim deletes what has expired, on the session it uses anyway.
    const later = start + 61_000;
    await postgres.transactions.run(
      async (transaction) => {
        await postgres.idempotency.begin(claim('next', later + 1000), transaction, later);
        await postgres.idempotency.complete(claim('next', later + 1000), { id: 3 }, transaction);
      },
      { readOnly: false },
    );
    await expect
      .poll(async () =>
        (await postgres.query<{ key: string }>('SELECT key FROM opwire_idempotency ORDER BY key')).rows.map(
          (row) => row.key,
        ),
      )
      .toEqual(['long', 'next']);
  });

  it('lets the call go on when the purge fails: the purge alone is rolled back', async () => {
    const { postgres } = await open();
    const claim = (key: string, expiresAt: number) => ({
      scope: '["acme","alice","orders.create"]',
      key,
      fingerprint: 'f',
      expiresAt,
    });
    await postgres.transactions.run(
      async (transaction) => {
        await postgres.idempotency.begin(claim('old', start + 1000), transaction, start);
        await postgres.idempotency.complete(claim('old', start + 1000), { id: 1 }, transaction);
      },
      { readOnly: false },
    );
    // A trigger that refuses every delete stands in for whatever could make the purge fail.
    await postgres.migrate([
      `CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no deletes'; END $$`,
      'CREATE TRIGGER refuse_delete BEFORE DELETE ON opwire_idempotency FOR EACH ROW EXECUTE FUNCTION refuse_delete()',
    ]);
    const later = start + 61_000;
    const answer = await postgres.transactions.run(
      async (transaction) => {
        const earlier = await postgres.idempotency.begin(claim('new', later + 1000), transaction, later);
        await postgres.idempotency.complete(claim('new', later + 1000), { id: 2 }, transaction);
        return earlier;
      },
      { readOnly: false },
    );
    expect(answer).toBeUndefined();
    const keys = (await postgres.query<{ key: string }>('SELECT key FROM opwire_idempotency ORDER BY key'))
      .rows;
    expect(keys.map((row) => row.key)).toEqual(['new', 'old']);
  });

  it('deletes the counter of a window that ended, and keeps the current one', async () => {
    const { postgres, count } = await open();
    await postgres.rateLimits.hit('["acme","alice","orders.create"]', 1000, start);
    await postgres.rateLimits.hit('["acme","bob","orders.create"]', 120_000, start);
    expect(await count('opwire_rate_limits')).toBe(2);
    const later = start + 61_000;
    expect((await postgres.rateLimits.hit('["acme","carol","orders.create"]', 1000, later)).count).toBe(1);
    await expect
      .poll(async () =>
        (await postgres.query<{ key: string }>('SELECT key FROM opwire_rate_limits ORDER BY key')).rows.map(
          (row) => row.key,
        ),
      )
      .toEqual(['["acme","bob","orders.create"]', '["acme","carol","orders.create"]']);
    // Alice's next window counts from one, as it would have without the purge.
    expect((await postgres.rateLimits.hit('["acme","alice","orders.create"]', 1000, later)).count).toBe(1);
  });
});

noteServerSkip();
