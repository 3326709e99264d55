import { describe, expect, it } from 'vitest';
import { createKnowledge, type KnowledgeOptions } from './create-knowledge.js';
import { createHashingEmbeddingModel } from './embedding/hashing-embedding-model.js';
import { createMemoryKnowledgeStore } from './memory/memory-knowledge-store.js';

type Settings = Omit<KnowledgeOptions, 'store'>;

// Each invalid setting, the field it is reported under and the message that names it.
const cases: ReadonlyArray<readonly [Settings, string, string]> = [
  [{ chunking: { kind: 'fixed', size: 0 } }, 'chunking.size', 'must be a whole number ≥ 1, not 0'],
  [{ chunking: { kind: 'fixed', size: 2.5 } }, 'chunking.size', 'must be a whole number ≥ 1, not 2.5'],
  [{ chunking: { kind: 'fixed', size: 10, overlap: 10 } }, 'chunking.overlap', 'from 0 to 9, not 10'],
  [{ chunking: { kind: 'fixed', size: 10, overlap: -1 } }, 'chunking.overlap', 'from 0 to 9, not -1'],
  [{ chunking: { kind: 'structured', maxTokens: 0 } }, 'chunking.maxTokens', 'a whole number ≥ 1, not 0'],
  [{ chunking: { kind: 'semantic' } as never }, 'chunking.kind', '"structured" or "fixed", not "semantic"'],
  [{ bm25: { k1: -1, b: 0.75 } }, 'bm25.k1', 'a finite number ≥ 0, not -1'],
  [{ bm25: { k1: Number.NaN, b: 0.75 } }, 'bm25.k1', 'a finite number ≥ 0, not NaN'],
  [{ bm25: { k1: 1.2, b: 1.5 } }, 'bm25.b', 'a number from 0 to 1, not 1.5'],
  [{ defaultTop: 0 }, 'defaultTop', 'a whole number ≥ 1, not 0'],
  [{ defaultTop: '5' as never }, 'defaultTop', 'a whole number ≥ 1, not "5"'],
  [{ collections: { faq: { dimensions: 0 } } }, 'collections.faq.dimensions', 'from 1 to 65536, not 0'],
  [{ collections: { faq: { dimensions: 70_000 } } }, 'collections.faq.dimensions', 'not 70000'],
  [
    { collections: { faq: { chunking: { kind: 'structured', maxTokens: -5 } } } },
    'collections.faq.chunking.maxTokens',
    'not -5',
  ],
  [{ embedding: { batchSize: 0 } }, 'embedding.batchSize', 'a whole number ≥ 1, not 0'],
  [{ embedding: { concurrency: 1.5 } }, 'embedding.concurrency', 'not 1.5'],
  [{ embedding: { maxRetries: -1 } }, 'embedding.maxRetries', 'a whole number ≥ 0, not -1'],
  [{ defaultCollection: '' }, 'defaultCollection', 'a non-empty name, not ""'],
];

describe('knowledge settings checked at startup', () => {
  it.each(cases)('rejects %j as %s', (settings, field, message) => {
    let caught: unknown;
    try {
      createKnowledge({ store: createMemoryKnowledgeStore(), ...settings });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'INVALID_CONFIGURATION', field });
    expect((caught as Error).message).toContain(`knowledge setting ${field} must be `);
    expect((caught as Error).message).toContain(message);
  });

  it('accepts the boundaries', () => {
    expect(() =>
      createKnowledge({
        store: createMemoryKnowledgeStore(),
        chunking: { kind: 'fixed', size: 1, overlap: 0 },
        bm25: { k1: 0, b: 1 },
        defaultTop: 1,
        collections: { faq: { dimensions: 65_536, chunking: { kind: 'fixed', size: 10, overlap: 9 } } },
        embedding: { batchSize: 1, concurrency: 1, maxRetries: 0 },
      }),
    ).not.toThrow();
  });

  it('returns the configured default top when a request names none (5 unless configured)', async () => {
    const documents = ['red shoes', 'blue shoes', 'green shoes', 'old shoes', 'new shoes', 'shoes'].map(
      (text, index) => ({ documentId: `d${index}`, text }),
    );
    for (const [defaultTop, expected] of [
      [undefined, 5],
      [2, 2],
    ] as const) {
      const knowledge = createKnowledge({
        store: createMemoryKnowledgeStore(),
        embeddingModel: createHashingEmbeddingModel({ dimensions: 16 }),
        ...(defaultTop === undefined ? {} : { defaultTop }),
      });
      await knowledge.ingest(documents);
      expect(await knowledge.retrieve({ text: 'shoes', mode: 'lexical' })).toHaveLength(expected);
    }
  });
});
