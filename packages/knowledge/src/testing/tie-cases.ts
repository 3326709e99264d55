import { expect, it } from 'vitest';
import { compareRecordIds } from '../store/compare-record-ids.js';
import type { KnowledgeStore, ScoredRecord } from '../store/knowledge-store.js';
import { type CasePromise, type CasePromises, promiseLabel } from './case-promises.js';
import { testRecord } from './test-record.js';

const bm25 = { k1: 1.2, b: 0.75 };
const scope = { collection: 'docs', tenant: '' };
const terms = [{ term: 'warranti', weight: 1 }];
const vector = [1, 0, 0];
// UTF-16 order would put the emoji (a surrogate pair) before the full-width letter; code points put it last.
const inCodePointOrder = ['b-ascii#0', '退-cjk#0', 'Ａ-fullwidth#0', '😀-emoji#0'];

const ids = (hits: readonly ScoredRecord[]) => hits.map((hit) => hit.id);
const sortedById = (values: readonly string[]) => [...values].sort(compareRecordIds);

/** The conformance cases of chunks with equal scores; `store` gives the current test's fresh store. */
export function itBreaksTies(store: () => KnowledgeStore, promises: CasePromises | undefined): void {
  const seed = () =>
    store().upsert(
      ['😀-emoji', 'Ａ-fullwidth', '退-cjk', 'b-ascii'].map((documentId) =>
        testRecord({ documentId, embedding: vector, terms: ['warranti', 'card'] }),
      ),
    );

  it('orders chunks of equal score by record id in code-point order, dense and lexical', async () => {
    await seed();
    const dense = await store().searchDense({ ...scope, vector, top: 10 });
    const lexical = await store().searchLexical({ ...scope, terms, top: 10, bm25 });
    expect(ids(dense)).toEqual(inCodePointOrder);
    expect(ids(lexical)).toEqual(inCodePointOrder);
  });

  const promise: CasePromise = promises?.['tie-cut'] ?? { kind: 'exact' };
  (promise.kind === 'skip' ? it.skip : it)(
    `keeps the chunks first by record id when equal scores straddle the top cut ${promiseLabel(promise)}`,
    async () => {
      await seed();
      const dense = await store().searchDense({ ...scope, vector, top: 2 });
      const lexical = await store().searchLexical({ ...scope, terms, top: 2, bm25 });
      const hybrid = await store().searchHybrid?.({ ...scope, vector, terms, top: 2, depth: 10, bm25 });
      if (promise.kind === 'exact') {
        for (const hits of [dense, lexical, ...(hybrid ? [hybrid] : [])])
          expect(ids(hits)).toEqual(inCodePointOrder.slice(0, 2));
        return;
      }
      // The store picks which tied chunks survive; the survivors of one search still come back by record id.
      for (const hits of [dense, lexical]) {
        expect(ids(hits)).toHaveLength(2);
        expect(inCodePointOrder).toEqual(expect.arrayContaining(ids(hits)));
        expect(ids(hits)).toEqual(sortedById(ids(hits)));
      }
      if (hybrid) {
        expect(ids(hybrid)).toHaveLength(2);
        expect(inCodePointOrder).toEqual(expect.arrayContaining(ids(hybrid)));
      }
    },
  );
}
