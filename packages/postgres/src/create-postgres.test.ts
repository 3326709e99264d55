import { createMemoryTransactionManager, OpwireError } from '@opwire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type Postgres } from './index.js';
import { noteServerSkip, testTargets } from './test-support.js';

describe('createPostgres options', () => {
  it.each([
    [{ url: 'postgres://127.0.0.1:1/x', dataDir: './data' }, /either url .* or dataDir/],
    [{ url: 'mysql://127.0.0.1/x' }, /url must start with postgres/],
    [{ schema: 'Bad-Name' }, /schema must be lower-case/],
    [{ pool: { max: 0 } }, /pool.max must be/],
  ])('rejects %j with INVALID_CONFIGURATION before opening anything', async (options, message) => {
    const opening = createPostgres(options);
    await expect(opening).rejects.toBeInstanceOf(OpwireError);
    await expect(opening).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION', message });
  });

  it('reports an unreachable server as UNAVAILABLE without revealing where it is', async () => {
    const url = 'postgres://app_user:s3cret-password@127.0.0.1:1/orders_db';
    const opening = createPostgres({ url, pool: { connectionTimeoutMs: 2_000 } });
    const error = await opening.catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
    expect((error as Error).message).not.toMatch(/s3cret|app_user|orders_db|127\.0\.0\.1/);
  });
});

describe.each(testTargets)('createPostgres on $name', (target) => {
  let postgres: Postgres & { dispose(): Promise<void> };
  beforeAll(async () => {
    postgres = await target.open();
  });
  afterAll(() => postgres.dispose());

  it('says which engine it is and that it is ready', async () => {
    expect(postgres.kind).toBe(target.name === 'PGlite' ? 'pglite' : 'server');
    await expect(postgres.health()).resolves.toEqual({ status: 'ready' });
  });

  it('runs single statements with rows and row counts', async () => {
    await postgres.migrate(['CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)']);
    const inserted = await postgres.query("INSERT INTO notes VALUES (1, 'a'), (2, 'b')");
    const read = await postgres.query<{ id: number; body: string }>(
      'SELECT id, body FROM notes WHERE id = $1',
      [2],
    );
    expect(inserted.rowCount).toBe(2);
    expect(read).toEqual({ rows: [{ id: 2, body: 'b' }], rowCount: 1 });
  });

  it('applies migrations all or nothing', async () => {
    const migrating = postgres.migrate([
      'CREATE TABLE half_done (id int)',
      'CREATE TABLE broken (id int REFERENCES nowhere (id))',
    ]);
    await expect(migrating).rejects.toMatchObject({ code: '42P01' });
    const found = await postgres.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'",
    );
    expect(found.rows).toEqual([]);
  });

  it('rejects a negative or fractional audit limit with OUT_OF_RANGE and returns nothing for 0', async () => {
    await postgres.audit.append({
      id: crypto.randomUUID(),
      at: new Date().toISOString(),
      operationId: 'limits.check',
      invocationId: crypto.randomUUID(),
      origin: 'internal',
      outcome: 'ok',
      durationMs: 1,
    });
    for (const limit of [-1, 1.5]) {
      await expect(postgres.audit.list({ limit })).rejects.toMatchObject({
        code: 'OUT_OF_RANGE',
        field: 'limit',
      });
    }
    expect(await postgres.audit.list({ operationId: 'limits.check', limit: 0 })).toEqual([]);
    expect(await postgres.audit.list({ operationId: 'limits.check', limit: 1 })).toHaveLength(1);
  });

  it('refuses to append inside a transaction that is not a PostgreSQL one, appending nothing', async () => {
    const invocationId = crypto.randomUUID();
    const appending = createMemoryTransactionManager().run(
      (transaction) =>
        postgres.audit.append(
          {
            id: crypto.randomUUID(),
            at: new Date().toISOString(),
            operationId: 'foreign.transaction',
            invocationId,
            origin: 'internal',
            outcome: 'ok',
            durationMs: 1,
          },
          transaction,
        ),
      { readOnly: false },
    );
    await expect(appending).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION' });
    expect(await postgres.audit.list({ invocationId })).toEqual([]);
  });

  it('is degraded once closed, and closing twice is harmless', async () => {
    const other = await target.open();
    await other.dispose();
    await other.close();
    expect(await other.health()).toEqual({ status: 'degraded', code: 'UNAVAILABLE' });
  });
});

noteServerSkip();
