import { describe, expect, it } from 'vitest';
import { createKnowledge } from '../create-knowledge.js';
import { createHashingEmbeddingModel } from '../embedding/hashing-embedding-model.js';
import { createMemoryKnowledgeStore } from '../memory/memory-knowledge-store.js';
import { compileFilter } from './compile-filter.js';
import type { KnowledgeRecord } from './knowledge-store.js';

const record = (documentId: string, metadata: KnowledgeRecord['metadata']): KnowledgeRecord => ({
  id: `${documentId}#0`,
  collection: 'default',
  tenant: '',
  documentId,
  chunkIndex: 0,
  text: 'text',
  metadata,
  embedding: [1],
  terms: ['text'],
});

describe('compileFilter', () => {
  it('passes a record of a listed document whose metadata equals every value of the filter', () => {
    const test = compileFilter({ documentIds: ['a', 'b'], metadata: { lang: 'en', year: 2024 } });
    expect(test(record('a', { lang: 'en', year: 2024, extra: true }))).toBe(true);
    expect(test(record('c', { lang: 'en', year: 2024 }))).toBe(false);
    expect(test(record('a', { lang: 'en', year: '2024' }))).toBe(false);
    expect(test(record('a', { lang: 'en' }))).toBe(false);
    expect(compileFilter(undefined)(record('x', {}))).toBe(true);
    expect(compileFilter({ metadata: {} })(record('x', {}))).toBe(true);
  });

  it('does not take a key the record only inherits as a match', () => {
    expect(compileFilter({ metadata: { toString: 'x' } })(record('a', {}))).toBe(false);
  });

  it('reads the filter once per search, whatever the number of stored chunks', async () => {
    const knowledge = createKnowledge({
      store: createMemoryKnowledgeStore(),
      embeddingModel: createHashingEmbeddingModel(),
    });
    await knowledge.ingest(
      Array.from({ length: 200 }, (_, index) => ({
        documentId: `doc-${index}`,
        text: `refund policy number ${index}`,
        metadata: { lang: 'en' },
      })),
    );
    let reads = 0;
    const metadata = new Proxy(
      { lang: 'en' },
      {
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
      },
    );
    for (const mode of ['lexical', 'dense'] as const) {
      reads = 0;
      const results = await knowledge.retrieve({ text: 'refund policy', mode, top: 3, filter: { metadata } });
      expect(results).toHaveLength(3);
      // Once by the bounds check, once by the compilation: not once per chunk (200 of them match).
      expect(reads).toBe(2);
    }
  });
});
