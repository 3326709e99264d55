import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Postgres } from './index.js';
import { PostgresTransaction } from './postgres-transaction.js';
import { collectingLogger, noteServerSkip, testServerUrl, testTargets } from './test-support.js';

const asPostgres = (transaction: unknown): PostgresTransaction => {
  if (!PostgresTransaction.isInstance(transaction)) throw new Error('expected a PostgresTransaction');
  return transaction;
};

describe.each(testTargets)('PostgreSQL transactions on $name', (target) => {
  let postgres: Postgres & { dispose(): Promise<void> };
  const logger = collectingLogger();
  const names = async () =>
    (await postgres.query<{ name: string }>('SELECT name FROM items ORDER BY name')).rows;
  const insert = (transaction: unknown, name: string) =>
    asPostgres(transaction).query('INSERT INTO items (name) VALUES ($1)', [name]);

  beforeAll(async () => {
    postgres = await target.open({ logger });
    await postgres.migrate(['CREATE TABLE items (name text PRIMARY KEY)']);
  });
  afterAll(() => postgres.dispose());

  it('returns rows and row counts from queries inside the transaction', async () => {
    const result = await postgres.transactions.run(
      async (transaction) => {
        const inserted = await asPostgres(transaction).query(
          "INSERT INTO items (name) VALUES ('r1'), ('r2') RETURNING name",
        );
        const read = await asPostgres(transaction).query<{ name: string }>(
          "SELECT name FROM items WHERE name LIKE 'r%' ORDER BY name",
        );
        return { inserted: inserted.rowCount, read: read.rows };
      },
      { readOnly: false },
    );
    expect(result).toEqual({ inserted: 2, read: [{ name: 'r1' }, { name: 'r2' }] });
  });

  it('runs a read-only transaction with BEGIN READ ONLY: a write fails and nothing is kept', async () => {
    const run = postgres.transactions.run((transaction) => insert(transaction, 'ro'), { readOnly: true });
    await expect(run).rejects.toMatchObject({ code: '25006' });
    expect(await names()).not.toContainEqual({ name: 'ro' });
  });

  it('rolls back at commit when a failed statement was caught inside the work', async () => {
    const run = postgres.transactions.run(
      async (transaction) => {
        await insert(transaction, 'swallowed');
        await asPostgres(transaction)
          .query('SELECT * FROM missing_table')
          .catch(() => {});
      },
      { readOnly: false },
    );
    await expect(run).rejects.toThrow(/rolled back at commit/);
    expect(await names()).not.toContainEqual({ name: 'swallowed' });
  });

  it('refuses a statement on a transaction that already ended', async () => {
    let leaked: PostgresTransaction | undefined;
    await postgres.transactions.run(
      async (transaction) => {
        leaked = asPostgres(transaction);
      },
      { readOnly: false },
    );
    await expect(leaked!.query("INSERT INTO items (name) VALUES ('late')")).rejects.toThrow(
      /already committed/,
    );
    expect(await names()).not.toContainEqual({ name: 'late' });
  });

  it('refuses statements after the signal aborted and rolls back the work', async () => {
    const controller = new AbortController();
    const reason = new Error('caller went away');
    const run = postgres.transactions.run(
      async (transaction) => {
        await insert(transaction, 'aborted');
        controller.abort(reason);
        await insert(transaction, 'after-abort');
      },
      { readOnly: false, signal: controller.signal },
    );
    await expect(run).rejects.toBe(reason);
    expect(await names()).not.toContainEqual({ name: 'aborted' });
  });

  it('keeps a commit when an onCommit callback throws, and logs the failure', async () => {
    await postgres.transactions.run(
      async (transaction) => {
        await insert(transaction, 'callback-fails');
        transaction.onCommit(() => {
          throw new Error('cache refresh failed');
        });
      },
      { readOnly: false },
    );
    expect(await names()).toContainEqual({ name: 'callback-fails' });
    expect(logger.messages).toContain('transaction callback failed');
  });
});

describe('PostgreSQL transactions on PGlite (one connection)', () => {
  let postgres: Postgres & { dispose(): Promise<void> };
  beforeAll(async () => {
    postgres = await testTargets[0]!.open();
  });
  afterAll(() => postgres.dispose());

  it('refuses, instead of hanging, a transaction or query opened inside a running transaction', async () => {
    const nested = postgres.transactions.run(
      () => postgres.transactions.run(async () => 'inner', { readOnly: true }),
      { readOnly: true },
    );
    await expect(nested).rejects.toThrow(/would wait for itself/);
    const query = postgres.transactions.run(() => postgres.query('SELECT 1'), { readOnly: true });
    await expect(query).rejects.toThrow(/sqlOf\(context\)\.query/);
    await expect(postgres.query<{ one: number }>('SELECT 1 AS one')).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});

describe('PostgreSQL transactions on a server', () => {
  if (!testServerUrl) {
    it.skip('abort cancels a running statement [skipped: DATABASE_URL is not set]', () => {});
    return;
  }
  let postgres: Postgres & { dispose(): Promise<void> };
  beforeAll(async () => {
    postgres = await testTargets[1]!.open();
    await postgres.migrate(['CREATE TABLE items (name text PRIMARY KEY)']);
  });
  afterAll(() => postgres.dispose());

  it('an abort during a long statement cancels it, so the server rolls back at once', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = postgres.transactions.run(
      async (transaction) => {
        await insert(transaction, 'slow');
        setTimeout(() => controller.abort(new Error('deadline')), 50);
        await asPostgres(transaction).query('SELECT pg_sleep(30)');
      },
      { readOnly: false, signal: controller.signal },
    );
    await expect(run).rejects.toThrow('deadline');
    // Far below the 30 s sleep: the statement was cut short, not waited out.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect((await postgres.query("SELECT name FROM items WHERE name = 'slow'")).rows).toEqual([]);
    await expect(postgres.health()).resolves.toEqual({ status: 'ready' });
  });

  function insert(transaction: unknown, name: string) {
    return asPostgres(transaction).query('INSERT INTO items (name) VALUES ($1)', [name]);
  }
});

noteServerSkip();
