import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentScope, KnowledgeStore } from '../store/knowledge-store.js';
import type { CasePromises } from './case-promises.js';
import { itChecksInputText } from './input-text-cases.js';
import { itChecksMetadata } from './metadata-cases.js';
import { itReplacesDocuments } from './replace-document-cases.js';
import { itScores } from './scoring-cases.js';
import { testRecord } from './test-record.js';
import { itBreaksTies } from './tie-cases.js';

/** How the suite gets a fresh, empty store for each test, and how it disposes of it. */
export interface ConformanceOptions {
  readonly create: () => Promise<KnowledgeStore>;
  /** When set, every test is skipped and this reason is shown (an adapter whose backend is not configured). */
  readonly skip?: string;
  /**
   * The promise kept on each scoring case where the store cannot compute the exact figures (shown in the test
   * names); a case not listed is held to `exact`, except the fused search, which a store without one skips.
   */
  readonly promises?: CasePromises;
}

const bm25 = { k1: 1.2, b: 0.75 };

/** The behaviour every `KnowledgeStore` adapter must show; run it from the adapter's own test file. */
export function describeKnowledgeStoreConformance(name: string, options: ConformanceOptions): void {
  const suite = options.skip ? describe.skip : describe;
  suite(`KnowledgeStore conformance: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let store: KnowledgeStore;
    beforeEach(async () => {
      store = await options.create();
    });
    afterEach(async () => {
      await store.close?.();
    });

    it('reports itself ready, as a health item state', async () => {
      expect(await store.health()).toEqual({ status: 'ready' });
    });

    it('finds the nearest vector first, with cosine scores, and keeps fields and metadata', async () => {
      await store.upsert([
        testRecord({
          documentId: 'a',
          embedding: [1, 0, 0],
          title: 'A',
          source: 'a.md',
          metadata: { lang: 'en', n: 2 },
        }),
        testRecord({ documentId: 'b', embedding: [0.6, 0.8, 0] }),
        testRecord({ documentId: 'c', embedding: [0, 0, 1] }),
      ]);
      const hits = await store.searchDense({ collection: 'docs', tenant: '', vector: [2, 0, 0], top: 2 });
      expect(hits.map((hit) => hit.id)).toEqual(['a#0', 'b#0']);
      expect(hits[0]!.score).toBeCloseTo(1, 5);
      expect(hits[1]!.score).toBeCloseTo(0.6, 5);
      expect(hits[0]).toMatchObject({
        documentId: 'a',
        chunkIndex: 0,
        title: 'A',
        source: 'a.md',
        metadata: { lang: 'en', n: 2 },
      });
    });

    it('replaces a record with the same id instead of adding another', async () => {
      await store.upsert([testRecord({ documentId: 'a', text: 'old' })]);
      await store.upsert([testRecord({ documentId: 'a', text: 'new' })]);
      const hits = await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
      expect(hits.map((hit) => hit.text)).toEqual(['new']);
    });

    itScores(() => store, options.promises);

    itBreaksTies(() => store, options.promises);

    it('matches CJK terms and weights repeated query terms', async () => {
      await store.upsert([
        testRecord({ documentId: 'zh', terms: ['退货', '政策'] }),
        testRecord({ documentId: 'en', terms: ['return', 'polici'] }),
      ]);
      const once = await store.searchLexical({
        collection: 'docs',
        tenant: '',
        terms: [{ term: '退货', weight: 1 }],
        top: 5,
        bm25,
      });
      const twice = await store.searchLexical({
        collection: 'docs',
        tenant: '',
        terms: [{ term: '退货', weight: 2 }],
        top: 5,
        bm25,
      });
      expect(once.map((hit) => hit.documentId)).toEqual(['zh']);
      expect(twice[0]!.score).toBeCloseTo(2 * once[0]!.score, 5);
    });

    it('never returns another tenant or collection, whatever the filter says', async () => {
      await store.upsert([
        testRecord({ documentId: 'mine', tenant: 't1', terms: ['secret'] }),
        testRecord({ documentId: 'theirs', tenant: 't2', terms: ['secret'] }),
        testRecord({ documentId: 'elsewhere', collection: 'other', tenant: 't1', terms: ['secret'] }),
      ]);
      const filter = { documentIds: ['mine', 'theirs', 'elsewhere'] };
      const dense = await store.searchDense({
        collection: 'docs',
        tenant: 't1',
        vector: [1, 0, 0],
        top: 10,
        filter,
      });
      const lexical = await store.searchLexical({
        collection: 'docs',
        tenant: 't1',
        terms: [{ term: 'secret', weight: 1 }],
        top: 10,
        filter,
        bm25,
      });
      expect(dense.map((hit) => hit.documentId)).toEqual(['mine']);
      expect(lexical.map((hit) => hit.documentId)).toEqual(['mine']);
      expect(await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 })).toEqual(
        [],
      );
    });

    it('filters by document ids and by exact metadata values', async () => {
      await store.upsert([
        testRecord({ documentId: 'a', metadata: { lang: 'en', public: true }, terms: ['x'] }),
        testRecord({ documentId: 'b', metadata: { lang: 'zh-CN', public: true }, terms: ['x'] }),
        testRecord({ documentId: 'c', metadata: { lang: 'en', public: false }, terms: ['x'] }),
      ]);
      const search = { collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 };
      const ids = async (filter: object) =>
        (await store.searchDense({ ...search, filter })).map((hit) => hit.documentId).sort();
      expect(await ids({ documentIds: ['a', 'b'] })).toEqual(['a', 'b']);
      expect(await ids({ metadata: { lang: 'en' } })).toEqual(['a', 'c']);
      expect(await ids({ metadata: { lang: 'en', public: true } })).toEqual(['a']);
      expect(await ids({ documentIds: ['b'], metadata: { lang: 'en' } })).toEqual([]);
      const lexical = await store.searchLexical({
        ...search,
        terms: [{ term: 'x', weight: 1 }],
        filter: { metadata: { public: false } },
        bm25,
      });
      expect(lexical.map((hit) => hit.documentId)).toEqual(['c']);
    });

    it('deletes whole documents and a document tail from an index on, counting what it deleted', async () => {
      await store.upsert([0, 1, 2, 3].map((chunkIndex) => testRecord({ documentId: 'a', chunkIndex })));
      await store.upsert([testRecord({ documentId: 'b' }), testRecord({ documentId: 'c', tenant: 't' })]);
      expect(
        await store.deleteChunksFrom({ collection: 'docs', tenant: '', documentId: 'a', fromIndex: 2 }),
      ).toBe(2);
      expect(await store.deleteDocuments({ collection: 'docs', tenant: 't', documentIds: ['b'] })).toBe(0);
      expect(
        await store.deleteDocuments({ collection: 'docs', tenant: '', documentIds: ['b', 'missing'] }),
      ).toBe(1);
      const left = await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
      expect(left.map((hit) => hit.id).sort()).toEqual(['a#0', 'a#1']);
    });

    it('takes a list of document ids that repeats one as the list without repeats, in searches and deletes', async () => {
      await store.upsert(['a', 'b', 'c'].map((documentId) => testRecord({ documentId, terms: ['x'] })));
      const scope = { collection: 'docs', tenant: '' };
      const terms = [{ term: 'x', weight: 1 }];
      const found = async (documentIds: string[]) => {
        const search = { ...scope, top: 10, filter: { documentIds } };
        const searches = [
          store.searchDense({ ...search, vector: [1, 0, 0] }),
          store.searchLexical({ ...search, terms, bm25 }),
          ...(store.searchHybrid
            ? [store.searchHybrid({ ...search, vector: [1, 0, 0], terms, bm25, depth: 10 })]
            : []),
        ];
        return (await Promise.all(searches)).map((hits) => hits.map((hit) => hit.documentId).sort());
      };
      for (const hits of await found(['b', 'b', 'a', 'b'])) expect(hits).toEqual(['a', 'b']);
      for (const hits of await found(['c', 'c'])) expect(hits).toEqual(['c']);
      expect(await store.deleteDocuments({ ...scope, documentIds: ['b', 'b', 'missing'] })).toBe(1);
      expect(await store.deleteDocuments({ ...scope, documentIds: ['c', 'c'] })).toBe(1);
      const left = await store.searchDense({ ...scope, vector: [1, 0, 0], top: 10 });
      expect(left.map((hit) => hit.id)).toEqual(['a#0']);
    });

    it('reads one document of one tenant and collection, by chunk index, as the last write left it', async () => {
      const metadata = { lang: 'en', shop: true };
      await store.upsert([
        ...[2, 0, 1].map((chunkIndex) =>
          testRecord({
            documentId: 'a',
            chunkIndex,
            text: `a ${chunkIndex}`,
            title: 'A',
            source: 'a.md',
            metadata,
          }),
        ),
        testRecord({ documentId: 'a', tenant: 't', text: 'theirs' }),
        testRecord({ documentId: 'a', collection: 'other', text: 'elsewhere' }),
        testRecord({ documentId: 'empty', embedding: [0, 0, 0] }),
      ]);
      const read = (scope: Partial<DocumentScope>) =>
        store.readDocument({ collection: 'docs', tenant: '', documentId: 'a', ...scope });
      expect(await read({})).toEqual(
        [0, 1, 2].map((chunkIndex) => ({
          id: `a#${chunkIndex}`,
          documentId: 'a',
          chunkIndex,
          text: `a ${chunkIndex}`,
          title: 'A',
          source: 'a.md',
          metadata,
        })),
      );
      expect((await read({ tenant: 't' })).map((chunk) => chunk.text)).toEqual(['theirs']);
      expect((await read({ collection: 'other' })).map((chunk) => chunk.text)).toEqual(['elsewhere']);
      expect(await read({ tenant: 'nobody' })).toEqual([]);
      expect(await read({ documentId: 'missing' })).toEqual([]);
      // A chunk no dense search returns (its vector is zero) is still the document's.
      expect((await read({ documentId: 'empty' })).map((chunk) => chunk.id)).toEqual(['empty#0']);
      const scope = { collection: 'docs', tenant: '', documentId: 'a' };
      await store.replaceDocument(scope, [testRecord({ documentId: 'a', text: 'new' })]);
      expect(await read({})).toEqual([
        { id: 'a#0', documentId: 'a', chunkIndex: 0, text: 'new', metadata: {} },
      ]);
      await store.deleteDocuments({ ...scope, documentIds: ['a'] });
      expect(await read({})).toEqual([]);
      expect((await read({ tenant: 't' })).map((chunk) => chunk.text)).toEqual(['theirs']);
    });

    itReplacesDocuments(() => store);

    itChecksMetadata(() => store);

    itChecksInputText(() => store);

    it('finds nothing near a zero vector and never returns a chunk whose vector is zero', async () => {
      await store.upsert([
        testRecord({ documentId: 'a', embedding: [1, 0, 0], terms: ['x'] }),
        testRecord({ documentId: 'empty', embedding: [0, 0, 0], terms: ['x'] }),
      ]);
      const search = { collection: 'docs', tenant: '', top: 10 };
      expect(await store.searchDense({ ...search, vector: [0, 0, 0] })).toEqual([]);
      const hits = await store.searchDense({ ...search, vector: [1, 1, 0] });
      expect(hits.map((hit) => hit.id)).toEqual(['a#0']);
      const lexical = await store.searchLexical({ ...search, terms: [{ term: 'x', weight: 1 }], bm25 });
      expect(lexical.map((hit) => hit.id).sort()).toEqual(['a#0', 'empty#0']);
    });

    it('rejects a vector of another length with EMBEDDING_DIMENSION_MISMATCH and writes nothing', async () => {
      await store.upsert([testRecord({ documentId: 'a' })]);
      const wrong = [testRecord({ documentId: 'b' }), testRecord({ documentId: 'c', embedding: [1, 0] })];
      await expect(store.upsert(wrong)).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
      await expect(
        store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0], top: 1 }),
      ).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
      const hits = await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 });
      expect(hits.map((hit) => hit.id)).toEqual(['a#0']);
    });
  });
}
