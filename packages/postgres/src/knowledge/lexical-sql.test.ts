import { createMemoryKnowledgeStore, type KnowledgeStore, type QueryTerm } from '@opwire/knowledge';
import { testRecord } from '@opwire/knowledge/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { openPgliteClient, type SqlClient } from './sql-client.js';

// The BM25 statistics tables must stay equal to a recount through every write, so PostgreSQL scores as the
// in-memory index does. One PGlite for the file, a fresh table per test.
const opened = openPgliteClient();
afterAll(async () => (await opened).close());
let tables = 0;
const open = async (table = `opwire_lexical_test_${tables++}`) => {
  const client = await opened;
  const store = await createPostgresKnowledgeStore({
    client: { ...client, close: async () => undefined },
    table,
  });
  return { client, store, table };
};

const vocabulary = ['refund', 'polici', 'ship', 'order', 'cancel', '退货', '政策', 'cell', 'gene', 'protein'];
// A deterministic pseudo-random corpus: 2 tenants, several chunks per document, repeated terms.
const corpus = (seed: number, documents: number) => {
  let state = seed;
  const next = (limit: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % limit;
  };
  return Array.from({ length: documents }, (_, document) =>
    Array.from({ length: 1 + next(3) }, (_, chunkIndex) =>
      testRecord({
        documentId: `d${document}`,
        chunkIndex,
        tenant: document % 4 === 0 ? 't2' : 't1',
        metadata: { even: document % 2 === 0 },
        terms: Array.from({ length: 1 + next(12) }, () => vocabulary[next(vocabulary.length)]!),
      }),
    ),
  ).flat();
};
const queries: QueryTerm[][] = [
  [{ term: 'refund', weight: 1 }],
  [
    { term: 'cell', weight: 1 },
    { term: 'gene', weight: 2 },
    { term: 'absent', weight: 1 },
  ],
  [
    { term: '退货', weight: 1 },
    { term: 'polici', weight: 1 },
    { term: 'ship', weight: 1 },
  ],
];
const bm25 = { k1: 0.9, b: 0.4 };

const expectSameRanking = async (actual: KnowledgeStore, expected: KnowledgeStore) => {
  for (const tenant of ['t1', 't2']) {
    for (const terms of queries) {
      for (const filter of [undefined, { metadata: { even: true } }, { documentIds: ['d1', 'd4', 'd5'] }]) {
        const search = { collection: 'docs', tenant, terms, top: 7, bm25, ...(filter ? { filter } : {}) };
        const got = await actual.searchLexical(search);
        const want = await expected.searchLexical(search);
        expect(got.map((hit) => hit.id)).toEqual(want.map((hit) => hit.id));
        for (const [index, hit] of got.entries()) expect(hit.score).toBeCloseTo(want[index]!.score, 9);
      }
    }
  }
};

// Runs the same writes on both stores; every delete must report the same count on both.
const applyWrites = async (stores: readonly KnowledgeStore[]) => {
  const counts: number[][] = [];
  for (const store of stores) {
    await store.upsert(corpus(7, 30));
    await store.upsert(corpus(11, 12)); // replaces d0..d11 with other terms and chunk counts
    counts.push([
      await store.deleteDocuments({ collection: 'docs', tenant: 't1', documentIds: ['d2', 'd3', 'd8'] }),
      await store.deleteChunksFrom({ collection: 'docs', tenant: 't1', documentId: 'd9', fromIndex: 1 }),
      await store.deleteChunksFrom({ collection: 'docs', tenant: 't2', documentId: 'd12', fromIndex: 0 }),
    ]);
  }
  expect(counts[0]).toEqual(counts[1]);
  expect(counts[0]!.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
};

// What the statistics tables hold next to what a recount of the chunks gives.
const statistics = async (client: SqlClient, table: string) => {
  const recount = await client.query(
    `SELECT collection, tenant, count(*)::integer AS documents, sum(term_count)::integer AS total_length,
       (SELECT count(*)::integer FROM ${table} c2, unnest(tsvector_to_array(c2.terms))
        WHERE c2.collection = c.collection AND c2.tenant = c.tenant) AS postings
     FROM ${table} c GROUP BY collection, tenant ORDER BY tenant`,
  );
  const kept = await client.query(
    `SELECT collection, tenant, documents::integer, total_length::integer,
       (SELECT count(*)::integer FROM ${table}_postings p WHERE p.collection = s.collection AND p.tenant = s.tenant)
         AS postings
     FROM ${table}_stats s WHERE documents > 0 ORDER BY tenant`,
  );
  return { recount, kept };
};

describe('PostgreSQL BM25 statistics', () => {
  it('scores as the in-memory index through upserts, replacements and both kinds of delete', async () => {
    const { client, store, table } = await open();
    const memory = createMemoryKnowledgeStore();
    await applyWrites([store, memory]);
    await expectSameRanking(store, memory);
    const { recount, kept } = await statistics(client, table);
    expect(recount).toHaveLength(2);
    expect(kept).toEqual(recount);
  });

  it('backfills the statistics of chunks written before the statistics tables existed', async () => {
    const { client, store, table } = await open();
    const memory = createMemoryKnowledgeStore();
    await applyWrites([store, memory]);
    // A database from before the statistics tables: only the chunks table.
    await client.query(`DROP TABLE ${table}_stats, ${table}_postings`);
    const reopened = await open(table);
    await expectSameRanking(reopened.store, memory);
    const { recount, kept } = await statistics(client, table);
    expect(kept).toEqual(recount);
    // Opening again must not count the chunks twice.
    await expectSameRanking((await open(table)).store, memory);
  });

  it('leaves chunks and statistics untouched when an upsert fails part-way', async () => {
    const { client, store, table } = await open();
    await store.upsert(corpus(7, 10));
    const before = await statistics(client, table);
    const record = testRecord({ documentId: 'd1', terms: ['refund'], tenant: 't1' });
    // The same id twice in one call fails in the INSERT, after the old statistics were retired.
    await expect(
      store.upsert([testRecord({ documentId: 'new', terms: ['ship'] }), record, record]),
    ).rejects.toThrow();
    expect(await statistics(client, table)).toEqual(before);
  });

  it('finds nothing in an empty scope or for terms no chunk has', async () => {
    const { store } = await open();
    await store.upsert(corpus(7, 5));
    const search = { collection: 'docs', top: 5, bm25 };
    expect(await store.searchLexical({ ...search, tenant: 'nobody', terms: queries[0]! })).toEqual([]);
    expect(
      await store.searchLexical({ ...search, tenant: 't1', terms: [{ term: 'absent', weight: 1 }] }),
    ).toEqual([]);
  });
});
