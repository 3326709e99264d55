import { describe, expect, it } from 'vitest';
import type { KnowledgeRecord } from '../store/knowledge-store.js';
import { describeKnowledgeStoreConformance } from '../testing/knowledge-store-conformance.js';
import { testRecord } from '../testing/test-record.js';
import { createMemoryKnowledgeStore } from './memory-knowledge-store.js';

describeKnowledgeStoreConformance('memory', { create: async () => createMemoryKnowledgeStore() });

describe('memory knowledge store: a large write', () => {
  // A document of thousands of chunks, each with hundreds of terms: indexing it takes well over one slice.
  const version = (name: string, chunks: number): KnowledgeRecord[] =>
    Array.from({ length: chunks }, (_, chunkIndex) =>
      testRecord({
        documentId: 'big',
        chunkIndex,
        text: `${name} ${chunkIndex}`,
        terms: ['shared', ...Array.from({ length: 300 }, (_, term) => `${name}-${chunkIndex}-${term}`)],
      }),
    );

  it('lets the event loop run while it is written, and a search meanwhile sees one whole version', async () => {
    const store = createMemoryKnowledgeStore();
    await store.upsert(version('old', 2_500));
    const scope = { collection: 'docs', tenant: '', documentId: 'big' };
    // Every turn of the event loop during the replace starts a search for the term every chunk has.
    const searches: Promise<string[]>[] = [];
    let replacing = true;
    const search = () =>
      store
        .searchLexical({
          ...scope,
          terms: [{ term: 'shared', weight: 1 }],
          top: 10_000,
          bm25: { k1: 1.2, b: 0.75 },
        })
        .then((hits) => hits.map((hit) => hit.text.split(' ')[0] as string));
    const everyTurn = () => {
      if (!replacing) return;
      searches.push(search());
      setImmediate(everyTurn);
    };
    setImmediate(everyTurn);
    const deleted = await store.replaceDocument(scope, version('new', 2_000));
    replacing = false;
    expect(deleted).toBe(500);
    // Before, the replace held the loop until it was done: not one turn, not one search.
    expect(searches.length).toBeGreaterThan(1);
    const seen = await Promise.all(searches);
    for (const names of seen) {
      // All 2,500 old chunks (the replace not yet begun) or the 2,000 new ones: never some of each.
      expect(new Set(names).size).toBe(1);
      expect(names.length).toBe(names[0] === 'old' ? 2_500 : 2_000);
    }
    expect(seen.at(-1)?.[0]).toBe('new');
    expect((await search()).length).toBe(2_000);
  });
});

describe('memory knowledge store: what it keeps', () => {
  it("keeps its own copy of a chunk's fields, not the caller's record with its vector and terms", async () => {
    const store = createMemoryKnowledgeStore();
    const embedding = [1, 0, 0];
    const terms = ['returns', '30', 'days'];
    const record = testRecord({
      documentId: 'returns',
      text: 'Returns within 30 days.',
      title: 'Returns',
      embedding,
      terms,
    });
    await store.upsert([record]);
    // The caller's record is its own again: what it does with it after the write changes nothing stored.
    Object.assign(record, { text: 'changed', title: 'changed' });
    embedding.fill(0);
    terms.length = 0;
    const scope = { collection: 'docs', tenant: '' };
    expect(await store.readDocument({ ...scope, documentId: 'returns' })).toEqual([
      {
        id: 'returns#0',
        documentId: 'returns',
        chunkIndex: 0,
        text: 'Returns within 30 days.',
        title: 'Returns',
        metadata: {},
      },
    ]);
    const [dense] = await store.searchDense({ ...scope, vector: [1, 0, 0], top: 1 });
    expect(dense).toMatchObject({ id: 'returns#0', text: 'Returns within 30 days.', score: 1 });
    const lexical = await store.searchLexical({
      ...scope,
      terms: [{ term: 'days', weight: 1 }],
      top: 1,
      bm25: { k1: 1.2, b: 0.75 },
    });
    expect(lexical.map((hit) => hit.text)).toEqual(['Returns within 30 days.']);
  });
});
