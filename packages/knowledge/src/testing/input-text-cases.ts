import { expect, it } from 'vitest';
import { createKnowledge } from '../create-knowledge.js';
import { createHashingEmbeddingModel } from '../embedding/hashing-embedding-model.js';
import type { IngestDocument } from '../ingest.js';
import type { RetrieveRequest } from '../retrieve.js';
import type { KnowledgeStore } from '../store/knowledge-store.js';

// What a JavaScript caller can hand `ingest` past the types (untyped input from a queue, a file, a form), each
// refused with the code and field the HTTP operation's validation gives: never a store failure to retry, a
// TypeError, or a record stored as it should not be.
const refusedDocuments: ReadonlyArray<readonly [string, Record<string, unknown>, string, string]> = [
  ['a NUL in the text', { text: 'new\u0000 version' }, 'NUL_CHARACTER', 'text'],
  ['a lone surrogate in the text', { text: 'new \ud800version' }, 'INVALID_UNICODE', 'text'],
  ['a NUL in the title', { title: 'ti\u0000tle' }, 'NUL_CHARACTER', 'title'],
  ['a lone surrogate in the source', { source: 'a\udc00.md' }, 'INVALID_UNICODE', 'source'],
  ['a NUL in a metadata value', { metadata: { lang: 'e\u0000n' } }, 'NUL_CHARACTER', 'metadata.lang'],
  [
    'a NUL in a metadata key',
    { metadata: { 'la\u0000ng': 'en' } },
    'NUL_CHARACTER',
    'metadata["la\\u0000ng"]',
  ],
  ['a NUL in the tenant', { tenant: '\u0000' }, 'NUL_CHARACTER', 'tenant'],
  ['a NUL in the document id', { documentId: 'a\u0000' }, 'NUL_CHARACTER', 'documentId'],
  ['an empty document id', { documentId: '' }, 'OUT_OF_RANGE', 'documentId'],
  ['a null document id', { documentId: null }, 'NULL_NOT_ALLOWED', 'documentId'],
  ['no text', { text: undefined }, 'MISSING_FIELD', 'text'],
  ['a number for text', { text: 42 }, 'WRONG_TYPE', 'text'],
];

const refusedQuestions: ReadonlyArray<readonly [string, Record<string, unknown>, string, string]> = [
  ['no text', { text: undefined }, 'MISSING_FIELD', 'text'],
  ['a null text', { text: null }, 'NULL_NOT_ALLOWED', 'text'],
  ['a NUL in the text', { text: 'warranty\u0000' }, 'NUL_CHARACTER', 'text'],
  ['a lone surrogate in the tenant', { tenant: '\ud800' }, 'INVALID_UNICODE', 'tenant'],
  [
    'a NUL in a filter value',
    { filter: { metadata: { lang: '\u0000' } } },
    'NUL_CHARACTER',
    'filter.metadata.lang',
  ],
  [
    'a NUL in a filter document id',
    { filter: { documentIds: ['a\u0000'] } },
    'NUL_CHARACTER',
    'filter.documentIds[0]',
  ],
];

/** The conformance cases of text no store can keep or search as sent, and of fields that are not strings. */
export function itChecksInputText(store: () => KnowledgeStore): void {
  const knowledge = () =>
    createKnowledge({
      store: store(),
      embeddingModel: createHashingEmbeddingModel({ dimensions: 3 }),
      defaultCollection: 'docs',
    });

  it.each(refusedDocuments)(
    'refuses a document with %s at ingest, naming the field, and keeps its stored version',
    async (_name, change, code, field) => {
      const pipeline = knowledge();
      await pipeline.ingest([{ documentId: 'a', text: 'warranty card', metadata: { lang: 'en' } }]);
      const results = await pipeline.ingest([
        { documentId: 'a', text: 'new version', metadata: { lang: 'en' }, ...change } as IngestDocument,
        { documentId: 'good', text: 'warranty card' },
      ]);
      expect(results.map((result) => [result.chunks, result.error?.code, result.error?.field])).toEqual([
        [0, code, field],
        [1, undefined, undefined],
      ]);
      expect((await pipeline.readDocument('docs', 'a')).map((chunk) => chunk.text)).toEqual([
        'warranty card',
      ]);
      const found = await pipeline.retrieve({ text: 'warranty', mode: 'lexical' });
      expect(found.map((chunk) => chunk.id).sort()).toEqual(['a#0', 'good#0']);
    },
  );

  it.each(refusedQuestions)(
    'refuses a question with %s in every mode, naming the field',
    async (_name, change, code, field) => {
      const pipeline = knowledge();
      await pipeline.ingest([{ documentId: 'a', text: 'warranty card', metadata: { lang: 'en' } }]);
      for (const mode of ['dense', 'lexical', 'hybrid'] as const) {
        const request = { text: 'warranty', mode, ...change } as RetrieveRequest;
        await expect(pipeline.retrieve(request), mode).rejects.toMatchObject({ code, field });
      }
    },
  );

  it('reads a text of zero-width spaces as blank, as one of ideographic spaces: the document is removed', async () => {
    const pipeline = knowledge();
    await pipeline.ingest([
      { documentId: 'a', text: 'warranty card' },
      { documentId: 'b', text: 'warranty card' },
    ]);
    const results = await pipeline.ingest([
      { documentId: 'a', text: '\u200b\u200b\n\u2060' },
      { documentId: 'b', text: '\u3000\u3000' },
    ]);
    expect(results.map((result) => [result.documentId, result.chunks, result.error])).toEqual([
      ['a', 0, undefined],
      ['b', 0, undefined],
    ]);
    expect(await pipeline.retrieve({ text: 'warranty', mode: 'lexical' })).toEqual([]);
  });
}
