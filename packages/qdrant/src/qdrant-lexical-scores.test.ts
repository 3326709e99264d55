import { createMemoryKnowledgeStore, type KnowledgeStore } from '@opwire/knowledge';
import { testRecord } from '@opwire/knowledge/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openQdrantKnowledgeStore } from './qdrant-knowledge-store.js';
import { type QdrantStandIn, startQdrantStandIn } from './testing/start-qdrant-stand-in.js';

let standIn: QdrantStandIn;
let prefix = 0;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
});
afterAll(() => standIn.close());
afterEach(() => expect(standIn.problems).toEqual([]));

const bm25 = { k1: 1.2, b: 0.75 };
// A short chunk with each query term once, and a longer one with "keep" twice: 3 and 5 terms, 4 on average.
const records = [
  testRecord({ documentId: 'short', terms: ['keep', 'warranti', 'card'] }),
  testRecord({ documentId: 'long', terms: ['warranti', 'keep', 'receipt', 'forev', 'keep'] }),
];
const terms = [
  { term: 'keep', weight: 1 },
  { term: 'warranti', weight: 1 },
];
// Okapi BM25 of one chunk of these two (both terms in both chunks), with a given average chunk length.
const bm25Of = (chunkTerms: readonly string[], average: number) => {
  const idf = Math.log(1 + (2 - 2 + 0.5) / (2 + 0.5));
  const norm = bm25.k1 * (1 - bm25.b + (bm25.b * chunkTerms.length) / average);
  return terms.reduce((sum, { term }) => {
    const tf = chunkTerms.filter((each) => each === term).length;
    return sum + (idf * tf * (bm25.k1 + 1)) / (tf + norm);
  }, 0);
};
const lexical = async (store: KnowledgeStore) => {
  await store.upsert(records);
  const hits = await store.searchLexical({ collection: 'docs', tenant: '', terms, top: 10, bm25 });
  return hits.map((hit) => ({ id: hit.id, score: hit.score }));
};
const qdrant = (averageTerms?: number) =>
  openQdrantKnowledgeStore({
    url: standIn.url,
    collectionPrefix: `lexical_${prefix++}_`,
    collections: { docs: { dimensions: 3 } },
    ...(averageTerms === undefined ? {} : { lexical: { averageTerms } }),
  });

describe('Qdrant lexical scores (stand-in)', () => {
  it('are BM25 with the average chunk length fixed at lexical.averageTerms, so ranks can differ from exact BM25 when chunk lengths differ', async () => {
    const fixed = await lexical(await qdrant());
    const exact = await lexical(createMemoryKnowledgeStore());
    expect(exact.map((hit) => hit.id)).toEqual(['short#0', 'long#0']);
    // With the default 128 the longer chunk is barely penalised for its length, and its second "keep" wins.
    expect(fixed.map((hit) => hit.id)).toEqual(['long#0', 'short#0']);
    expect(fixed[0]!.score).toBeCloseTo(bm25Of(records[1]!.terms, 128), 5);
    expect(fixed[1]!.score).toBeCloseTo(bm25Of(records[0]!.terms, 128), 5);
  });

  it('equal exact BM25 when lexical.averageTerms is the scope’s real average chunk length', async () => {
    const matched = await lexical(await qdrant(4));
    const exact = await lexical(createMemoryKnowledgeStore());
    expect(matched.map((hit) => hit.id)).toEqual(exact.map((hit) => hit.id));
    matched.forEach((hit, index) => {
      expect(hit.score).toBeCloseTo(exact[index]!.score, 5);
    });
    expect(exact[0]!.score).toBeCloseTo(bm25Of(records[0]!.terms, 4), 5);
  });
});
