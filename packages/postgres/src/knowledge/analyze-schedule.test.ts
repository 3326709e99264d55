import { testRecord } from '@opwire/knowledge/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openPgliteClient } from './sql-client.js';

const opened = openPgliteClient();
afterAll(async () => (await opened).close());

// PostgreSQL reports reltuples -1 for a table never analyzed.
const analyzedRows = async (table: string) => {
  const [row] = await (await opened).query<{ rows: number }>(
    'SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)',
    [table],
  );
  return Number(row?.rows);
};
const records = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    testRecord({ documentId: `d${from + index}`, terms: ['alpha', `t${(from + index) % 7}`] }),
  );

describe('analyze schedule on PGlite', () => {
  it('analyzes the tables once 1,000 chunks were written, and again when they have doubled', async () => {
    const client = await opened;
    const table = 'opwire_analyze_test';
    const store = await createPostgresKnowledgeStore({
      client: { ...client, close: async () => undefined },
      table,
    });
    await store.upsert(records(0, 999));
    expect(await analyzedRows(`${table}_postings`)).toBe(-1);
    await store.upsert(records(999, 1));
    expect(await analyzedRows(`${table}_postings`)).toBe(2000);
    expect(await analyzedRows(table)).toBe(1000);
    await store.upsert(records(1000, 999));
    expect(await analyzedRows(table)).toBe(1000);
    await store.upsert(records(1999, 1));
    expect(await analyzedRows(table)).toBe(2000);
    // 2,000 chunks through PGlite: about 7 s alone, past 40 s beside the whole suite's workers on two cores.
  }, 180_000);

  it('analyzes at open a table filled but never analyzed', async () => {
    const client = await opened;
    const table = 'opwire_analyze_open_test';
    const store = await createPostgresKnowledgeStore({
      client: { ...client, close: async () => undefined },
      table,
    });
    await store.upsert(records(0, 10));
    expect(await analyzedRows(table)).toBe(-1);
    await createPostgresKnowledgeStore({ client: { ...client, close: async () => undefined }, table });
    expect(await analyzedRows(table)).toBe(10);
  });
});
