import { describeKnowledgeStoreConformance, testRecord } from '@opwire/knowledge/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { hasPgvector } from './open-knowledge-store.js';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openPgliteClient, openServerClient, type SqlClient } from './sql-client.js';

// One database per suite and a fresh table per test: starting PGlite takes seconds, a table milliseconds.
const shared = (client: Promise<SqlClient>) => {
  let table = 0;
  afterAll(async () => (await client).close());
  return async () => {
    const open = await client;
    return createPostgresKnowledgeStore({
      client: { ...open, close: async () => undefined },
      table: `opwire_knowledge_test_${process.pid}_${table++}`,
    });
  };
};

describeKnowledgeStoreConformance('PGlite + pgvector', { create: shared(openPgliteClient()) });

const url = process.env.DATABASE_URL;
const serverReady = url ? await hasPgvector(url).catch(() => false) : false;
describeKnowledgeStoreConformance('PostgreSQL server + pgvector', {
  ...(url && serverReady
    ? { create: shared(Promise.resolve(openServerClient({ connectionString: url }))) }
    : {
        create: () => Promise.reject(new Error('unreachable')),
        skip: url ? 'the server at DATABASE_URL has no pgvector extension' : 'DATABASE_URL is not set',
      }),
});

describe('health of the PostgreSQL knowledge store', () => {
  it('is ready, then degraded with COLLECTION_MISSING once its table is gone', async () => {
    const client = await openPgliteClient();
    try {
      const store = await createPostgresKnowledgeStore({ client, table: 'opwire_knowledge_health' });
      expect(await store.health()).toEqual({ status: 'ready' });
      await client.query('DROP TABLE opwire_knowledge_health CASCADE');
      expect(await store.health()).toEqual({ status: 'degraded', code: 'COLLECTION_MISSING' });
    } finally {
      await client.close();
    }
  });

  it('reports VECTOR_STORE_UNREACHABLE once its database is closed', async () => {
    const client = await openPgliteClient();
    const store = await createPostgresKnowledgeStore({ client, table: 'opwire_knowledge_gone' });
    await client.close();
    expect(await store.health()).toEqual({ status: 'degraded', code: 'VECTOR_STORE_UNREACHABLE' });
  });
});

describe('ties in the PostgreSQL knowledge store', () => {
  it('orders equal scores by id in code-point order even when the id columns use a linguistic collation', async () => {
    const client = await openPgliteClient();
    try {
      const table = 'opwire_knowledge_collated';
      const store = await createPostgresKnowledgeStore({ client, table });
      // What a server whose default collation is linguistic (en_US, ICU) gives the columns: "a" before "B".
      for (const name of [table, `${table}_postings`])
        await client.query(`ALTER TABLE ${name} ALTER COLUMN id TYPE text COLLATE "unicode"`);
      const [sorted] = await client.query<{ ids: string[] }>(
        `SELECT array_agg(id ORDER BY id COLLATE "unicode") AS ids FROM (VALUES ('B'), ('a')) AS v(id)`,
      );
      expect(sorted?.ids).toEqual(['a', 'B']);
      await store.upsert(
        ['a', 'B', '😀', 'Ａ'].map((documentId) => testRecord({ documentId, terms: ['warranti'] })),
      );
      const scope = { collection: 'docs', tenant: '', top: 10 };
      const dense = await store.searchDense({ ...scope, vector: [1, 0, 0] });
      const lexical = await store.searchLexical({
        ...scope,
        terms: [{ term: 'warranti', weight: 1 }],
        bm25: { k1: 1.2, b: 0.75 },
      });
      expect(dense.map((hit) => hit.id)).toEqual(['B#0', 'a#0', 'Ａ#0', '😀#0']);
      expect(lexical.map((hit) => hit.id)).toEqual(['B#0', 'a#0', 'Ａ#0', '😀#0']);
    } finally {
      await client.close();
    }
  });
});
