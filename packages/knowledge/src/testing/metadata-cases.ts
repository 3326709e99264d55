import { expect, it } from 'vitest';
import { createKnowledge } from '../create-knowledge.js';
import { createHashingEmbeddingModel } from '../embedding/hashing-embedding-model.js';
import type { KnowledgeStore, MetadataValue } from '../store/knowledge-store.js';
import { testRecord } from './test-record.js';

// Values a JavaScript caller can pass where `MetadataValue` is typed; none of them is a string, finite number or
// boolean, so ingest and filters refuse them with the code a request of the same shape gets at the HTTP edge.
const refused: ReadonlyArray<readonly [string, unknown, string]> = [
  ['an array', ['x', 'y'], 'WRONG_TYPE'],
  ['an object', { id: 1 }, 'WRONG_TYPE'],
  ['null', null, 'NULL_NOT_ALLOWED'],
  ['undefined', undefined, 'WRONG_TYPE'],
  ['NaN', Number.NaN, 'OUT_OF_RANGE'],
  ['Infinity', Number.POSITIVE_INFINITY, 'OUT_OF_RANGE'],
];

const failure = async (work: () => Promise<unknown>) =>
  work().then(
    () => undefined,
    (error: { code?: string; field?: string }) => ({ code: error.code, field: error.field }),
  );

/** The conformance cases of metadata keys and values; values are run through `createKnowledge` over the store. */
export function itChecksMetadata(store: () => KnowledgeStore): void {
  it('filters by numbers beyond 64-bit integers, at the int64 bounds and by fractions, exactly', async () => {
    const numbers = {
      order: 2 ** 63,
      huge: 1e21,
      low: -(2 ** 63),
      below: -1e21,
      top: 2 ** 63 - 1024,
      part: 0.5,
    };
    await store().upsert([
      testRecord({ documentId: 'big', metadata: numbers }),
      testRecord({ documentId: 'small', metadata: { order: 1, huge: 1, low: 1, below: 1, top: 1, part: 1 } }),
    ]);
    const search = { collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 };
    for (const [key, value] of Object.entries(numbers)) {
      const hits = await store().searchDense({ ...search, filter: { metadata: { [key]: value } } });
      expect(
        hits.map((hit) => hit.documentId),
        `${key}: ${value}`,
      ).toEqual(['big']);
    }
  });

  it('filters by metadata keys in any script, with dots, spaces or brackets, each taken literally', async () => {
    await store().upsert([
      testRecord({
        documentId: 'zh',
        terms: ['x'],
        metadata: { 语言: '中文', 'a.b': 'x', 'with space': 'y', 'k[]': 1 },
      }),
      testRecord({
        documentId: 'en',
        terms: ['x'],
        metadata: { 语言: 'English', 'a.b': 'z', 'with space': 'y', 'k[]': 2 },
      }),
    ]);
    const search = { collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 };
    const ids = async (metadata: Record<string, MetadataValue>) =>
      (await store().searchDense({ ...search, filter: { metadata } })).map((hit) => hit.documentId).sort();
    expect(await ids({ 语言: '中文' })).toEqual(['zh']);
    expect(await ids({ 'a.b': 'z' })).toEqual(['en']);
    expect(await ids({ 'with space': 'y' })).toEqual(['en', 'zh']);
    expect(await ids({ 'k[]': 1, 语言: '中文' })).toEqual(['zh']);
    const lexical = await store().searchLexical({
      ...search,
      terms: [{ term: 'x', weight: 1 }],
      filter: { metadata: { 'a.b': 'x' } },
      bm25: { k1: 1.2, b: 0.75 },
    });
    expect(lexical.map((hit) => hit.documentId)).toEqual(['zh']);
  });

  const knowledge = () =>
    createKnowledge({
      store: store(),
      embeddingModel: createHashingEmbeddingModel({ dimensions: 3 }),
      defaultCollection: 'docs',
    });

  it.each(refused)(
    'refuses metadata %s at ingest, naming the key, and stores nothing of that document',
    async (_name, value, code) => {
      const pipeline = knowledge();
      const metadata = { lang: 'en', tags: value } as Record<string, MetadataValue>;
      const results = await pipeline.ingest([
        { documentId: 'bad', text: 'warranty card', metadata },
        { documentId: 'good', text: 'warranty card', metadata: { lang: 'en' } },
      ]);
      expect(results.map((result) => [result.documentId, result.chunks, result.error?.code])).toEqual([
        ['bad', 0, code],
        ['good', 1, undefined],
      ]);
      expect(results[0]!.error?.field).toBe('metadata.tags');
      const found = await pipeline.retrieve({ text: 'warranty', mode: 'lexical' });
      expect(found.map((chunk) => chunk.id)).toEqual(['good#0']);
    },
  );

  it.each(refused)(
    'refuses a filter on metadata %s in every mode, naming the key',
    async (_name, value, code) => {
      const pipeline = knowledge();
      await pipeline.ingest([{ documentId: 'good', text: 'warranty card', metadata: { lang: 'en' } }]);
      const filter = { metadata: { lang: 'en', tags: value } as Record<string, MetadataValue> };
      for (const mode of ['dense', 'lexical', 'hybrid'] as const) {
        expect(await failure(() => pipeline.retrieve({ text: 'warranty', mode, filter }))).toEqual({
          code,
          field: 'filter.metadata.tags',
        });
      }
    },
  );
}
