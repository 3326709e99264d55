import { expect, it } from 'vitest';
import { fuseRanks } from '../fuse-ranks.js';
import type { KnowledgeStore } from '../store/knowledge-store.js';
import { type CasePromise, type CasePromises, expectPromisedHits, promiseLabel } from './case-promises.js';
import { testRecord } from './test-record.js';

const bm25 = { k1: 1.2, b: 0.75 };
const bm25Score = (tf: number, df: number, count: number, length: number, average: number) =>
  Math.log(1 + (count - df + 0.5) / (df + 0.5)) *
  ((tf * (bm25.k1 + 1)) / (tf + bm25.k1 * (1 - bm25.b + (bm25.b * length) / average)));

const declared = (promises: CasePromises | undefined, name: keyof CasePromises, fallback: CasePromise) =>
  promises?.[name] ?? fallback;

const caseIt = (title: string, promise: CasePromise, body: () => Promise<void>) =>
  (promise.kind === 'skip' ? it.skip : it)(`${title} ${promiseLabel(promise)}`, body);

/** The cases whose scores an adapter may keep less strictly than exact, each under its declared promise. */
export function itScores(store: () => KnowledgeStore, promises: CasePromises | undefined): void {
  caseIt(
    'scores lexical matches with BM25 over the tenant scope',
    declared(promises, 'lexical-bm25', { kind: 'exact' }),
    async () => {
      await store().upsert([
        testRecord({ documentId: 'a', terms: ['refund', 'polici', 'refund'] }),
        testRecord({ documentId: 'b', terms: ['ship', 'polici'] }),
        testRecord({ documentId: 'c', terms: ['cancel', 'order', 'today', 'pleas'] }),
        testRecord({ documentId: 'x', tenant: 'other', terms: ['refund'] }),
      ]);
      const terms = [
        { term: 'refund', weight: 1 },
        { term: 'polici', weight: 1 },
      ];
      const hits = await store().searchLexical({ collection: 'docs', tenant: '', terms, top: 10, bm25 });
      const average = 3;
      expectPromisedHits(declared(promises, 'lexical-bm25', { kind: 'exact' }), hits, [
        { id: 'a#0', score: bm25Score(2, 1, 3, 3, average) + bm25Score(1, 2, 3, 3, average) },
        { id: 'b#0', score: bm25Score(1, 2, 3, 2, average) },
      ]);
    },
  );

  const fusion = declared(promises, 'hybrid-fusion', {
    kind: 'skip',
    reason: 'the store has no searchHybrid, so retrieve fuses its dense and lexical lists itself',
  });
  caseIt('fuses its dense and lexical ranks as fuseRanks does (RRF, k 60)', fusion, async () => {
    const search = store().searchHybrid;
    expect(search, 'a store that declares a fused search implements searchHybrid').toBeTypeOf('function');
    await store().upsert([
      testRecord({ documentId: 'a', embedding: [1, 0, 0], terms: ['refund', 'shoe'] }),
      testRecord({ documentId: 'b', embedding: [0.9, 0.1, 0], terms: ['ship'] }),
      testRecord({ documentId: 'c', embedding: [0, 1, 0], terms: ['refund', 'refund', 'polici'] }),
      testRecord({ documentId: 'd', embedding: [0.5, 0.5, 0.5], terms: ['cancel'] }),
      testRecord({ documentId: 'e', embedding: [0, 0, 1], terms: ['refund', 'cancel', 'late', 'order'] }),
      testRecord({ documentId: 'f', embedding: [0.7, 0, 0.7], terms: ['other'], tenant: 't' }),
    ]);
    const scope = { collection: 'docs', tenant: '' };
    const vector = [1, 0.2, 0];
    const terms = [{ term: 'refund', weight: 1 }];
    const dense = await store().searchDense({ ...scope, vector, top: 50 });
    const lexical = await store().searchLexical({ ...scope, terms, top: 50, bm25 });
    const expected = fuseRanks([dense, lexical]).slice(0, 4);
    const fused = await search!.call(store(), { ...scope, vector, terms, top: 4, depth: 50, bm25 });
    expectPromisedHits(fusion, fused, expected);
  });
}
