import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgres } from './index.js';
import { collectingLogger, noteServerSkip, testTargets } from './test-support.js';

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

describe('an idempotency table made before replays kept their headers', () => {
  it('gains the headers column at start, and its records still replay', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'opwire-idempotency-'));
    try {
      const raw = new PGlite(dataDir);
      await raw.exec(`CREATE TABLE opwire_idempotency (
          scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, response text,
          completed boolean NOT NULL DEFAULT false, expires_at bigint NOT NULL, PRIMARY KEY (scope, key));
        INSERT INTO opwire_idempotency VALUES ('s', 'old', 'f', '{"key":"old"}', true, ${start + 86_400_000})`);
      await raw.close();
      const postgres = await createPostgres({ dataDir, logger: collectingLogger() });
      const claim = { scope: 's', fingerprint: 'f', expiresAt: start + 1000 };
      const begin = (key: string) =>
        postgres.transactions.run(
          (transaction) => postgres.idempotency.begin({ ...claim, key }, transaction, start),
          { readOnly: false },
        );
      expect(await begin('old')).toEqual({ fingerprint: 'f', response: { key: 'old' } });
      await postgres.transactions.run(
        async (transaction) => {
          await postgres.idempotency.begin({ ...claim, key: 'new' }, transaction, start);
          await postgres.idempotency.complete({ ...claim, key: 'new' }, { key: 'new' }, transaction, {
            location: '/things/new',
          });
        },
        { readOnly: false },
      );
      expect(await begin('new')).toEqual({
        fingerprint: 'f',
        response: { key: 'new' },
        headers: { location: '/things/new' },
      });
      await postgres.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

noteServerSkip();
