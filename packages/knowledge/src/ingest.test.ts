import { MockEmbeddingModelV4 } from 'ai/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { chunkStructured } from './chunking/chunk-structured.js';
import { createKnowledge, type Knowledge } from './create-knowledge.js';
import { createHashingEmbeddingModel } from './embedding/hashing-embedding-model.js';
import { createMemoryKnowledgeStore } from './memory/memory-knowledge-store.js';
import type { KnowledgeStore } from './store/knowledge-store.js';
import { createFaultyStore, type StoreFaults } from './testing/create-faulty-store.js';

const model = createHashingEmbeddingModel({ dimensions: 64 });
const failing = new MockEmbeddingModelV4({
  maxEmbeddingsPerCall: 100,
  doEmbed: async () => {
    throw new Error('quota exceeded');
  },
});
const threeDimensional = new MockEmbeddingModelV4({
  maxEmbeddingsPerCall: 100,
  doEmbed: async ({ values }) => ({ embeddings: values.map(() => [1, 0, 0]), warnings: [] }),
});
const version1 =
  'Returns are accepted within 30 days.\n\nRefunds go to the original card.\n\nShoes must be unworn.';
const version2 = 'Returns are accepted within 60 days.';

describe('ingest', () => {
  let store: KnowledgeStore;
  let faults: StoreFaults;
  let knowledge: Knowledge;
  const chunksOf = async (documentId: string) =>
    (
      await store.searchDense({
        collection: 'default',
        tenant: '',
        vector: new Array(64).fill(1),
        top: 100,
        filter: { documentIds: [documentId] },
      })
    )
      .map((hit) => `${hit.id}: ${hit.text}`)
      .sort();

  beforeEach(async () => {
    faults = {};
    store = createFaultyStore(createMemoryKnowledgeStore(), faults);
    knowledge = createKnowledge({
      store,
      embeddingModel: model,
      chunking: { kind: 'structured', maxTokens: 8 },
    });
    expect(await knowledge.ingest([{ documentId: 'returns', text: version1 }])).toEqual([
      { documentId: 'returns', chunks: 3 },
    ]);
  });

  it('writes the new version and then deletes only the stale tail', async () => {
    expect(await knowledge.ingest([{ documentId: 'returns', text: version2 }])).toEqual([
      { documentId: 'returns', chunks: 1 },
    ]);
    expect(await chunksOf('returns')).toEqual([`returns#0: ${version2}`]);
  });

  it('keeps the old version when the embedder fails, and a retry leaves no duplicates', async () => {
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }], {
      embeddingModel: failing,
    });
    expect(result).toMatchObject({ documentId: 'returns', chunks: 0, error: { code: 'EMBEDDING_FAILED' } });
    expect(await chunksOf('returns')).toHaveLength(3);
    const hits = await knowledge.retrieve({ text: 'refunds original card', mode: 'lexical' });
    expect(hits[0]?.documentId).toBe('returns');
    await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(await chunksOf('returns')).toEqual([`returns#0: ${version2}`]);
  });

  it('keeps the old version when the model returns another dimension', async () => {
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }], {
      embeddingModel: threeDimensional,
    });
    expect(result?.error?.code).toBe('EMBEDDING_DIMENSION_MISMATCH');
    expect(await chunksOf('returns')).toHaveLength(3);
  });

  it('checks a configured collection dimension before writing anything', async () => {
    const strict = createKnowledge({
      store,
      embeddingModel: threeDimensional,
      collections: { faq: { dimensions: 64 } },
    });
    const [result] = await strict.ingest([{ documentId: 'a', collection: 'faq', text: 'hello' }]);
    expect(result?.error?.code).toBe('EMBEDDING_DIMENSION_MISMATCH');
  });

  it('keeps the old version retrievable when a write fails midway, and a retry leaves no duplicates', async () => {
    faults.failUpsertAfter = 1;
    const longer =
      'Returns take 60 days.\n\nRefunds take a week.\n\nBoxes are free of charge.\n\nLabels are printed.';
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: longer }]);
    expect(result).toMatchObject({ chunks: 0, error: { code: 'KNOWLEDGE_STORE_FAILED' } });
    expect(await chunksOf('returns')).toHaveLength(3);
    expect((await knowledge.retrieve({ text: 'unworn shoes', mode: 'lexical' }))[0]?.documentId).toBe(
      'returns',
    );
    expect(await knowledge.ingest([{ documentId: 'returns', text: longer }])).toEqual([
      { documentId: 'returns', chunks: 4 },
    ]);
    expect(await chunksOf('returns')).toHaveLength(4);
  });

  it('returns the stale-delete error with the old tail still retrievable, and a retry cleans up', async () => {
    faults.failStaleDelete = true;
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    // The replacement did not complete, so no chunk of the new version counts as stored.
    expect(result).toMatchObject({
      chunks: 0,
      error: { code: 'KNOWLEDGE_STORE_FAILED', params: { reason: 'connection reset (injected)' } },
    });
    expect(await chunksOf('returns')).toContain(`returns#0: ${version2}`);
    expect(await chunksOf('returns')).toHaveLength(3);
    expect((await knowledge.retrieve({ text: 'unworn shoes', mode: 'lexical' }))[0]?.documentId).toBe(
      'returns',
    );
    await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(await chunksOf('returns')).toEqual([`returns#0: ${version2}`]);
  });

  it('leaves one whole version, never a mix, when two versions of a document are ingested at once', async () => {
    const longer = 'Returns take 60 days.\n\nRefunds take a week.\n\nBoxes are free of charge.';
    const whole = (text: string) =>
      chunkStructured(text, { maxTokens: 8 }).map((chunk, index) => `returns#${index}: ${chunk}`);
    expect(whole(longer)).toHaveLength(3);
    for (const texts of [
      [version2, longer],
      [longer, version2],
    ]) {
      const results = await Promise.all(
        texts.map((text) => knowledge.ingest([{ documentId: 'returns', text }])),
      );
      expect(results.flat().map((result) => result.error)).toEqual([undefined, undefined]);
      expect([whole(version2), whole(longer)]).toContainEqual(await chunksOf('returns'));
    }
  });

  it('deletes the document when the new text yields no chunks', async () => {
    expect(await knowledge.ingest([{ documentId: 'returns', text: ' \n\n ' }])).toEqual([
      { documentId: 'returns', chunks: 0 },
    ]);
    expect(await chunksOf('returns')).toEqual([]);
  });

  it('fails the later occurrence of a document id given twice with DUPLICATE_DOCUMENT_ID, keeping the first', async () => {
    const results = await knowledge.ingest([
      { documentId: 'sizes', text: 'Shoes run small.' },
      { documentId: 'sizes', text: 'Shoes run large.' },
      { documentId: 'sizes', text: 'Shoes run large.', tenant: 'globex' },
    ]);
    expect(results.map((result) => [result.chunks, result.error?.code, result.error?.field])).toEqual([
      [1, undefined, undefined],
      [0, 'DUPLICATE_DOCUMENT_ID', 'documentId'],
      [1, undefined, undefined],
    ]);
    expect(await chunksOf('sizes')).toEqual(['sizes#0: Shoes run small.']);
  });

  it('fails one document with NO_EMBEDDING_MODEL and still ingests the others', async () => {
    const bare = createKnowledge({ store, collections: { faq: { embeddingModel: model } } });
    const results = await bare.ingest([
      { documentId: 'x', collection: 'nowhere', text: 'hello' },
      { documentId: 'y', collection: 'faq', text: 'hello' },
    ]);
    expect(results[0]?.error?.code).toBe('NO_EMBEDDING_MODEL');
    expect(results[1]).toEqual({ documentId: 'y', chunks: 1 });
  });

  it('reports progress for embedding and writing', async () => {
    const phases: string[] = [];
    const documents = Array.from({ length: 5 }, (_, index) => ({
      documentId: `d${index}`,
      text: `document ${index}`,
    }));
    await knowledge.ingest(documents, {
      onProgress: (progress) => phases.push(`${progress.phase} ${progress.done}/${progress.total}`),
    });
    expect(phases).toContain('embedding 5/5');
    expect(phases.at(-1)).toBe('writing 5/5');
  });

  it('lets timers and I/O run while it chunks, embeds and analyzes a large document', async () => {
    // About 2,000 chunks of Chinese: seconds of synchronous work without pauses, in which no timer would fire.
    const paragraph = '偏远地区的订单需要额外支付运费，通常多需两到四天才能送达。'.repeat(20);
    const text = Array.from({ length: 2000 }, () => paragraph).join('\n\n');
    const events: string[] = [];
    const timer = setInterval(() => events.push('tick'), 1);
    const hashing = createHashingEmbeddingModel();
    try {
      const [result] = await createKnowledge({
        store: createMemoryKnowledgeStore(),
        embeddingModel: {
          ...hashing,
          doEmbed: (options: Parameters<typeof hashing.doEmbed>[0]) => {
            events.push('embed call');
            return hashing.doEmbed(options);
          },
        },
      }).ingest([{ documentId: 'large', text }], { onProgress: ({ phase }) => events.push(phase) });
      expect(result?.chunks).toBeGreaterThan(1000);
    } finally {
      clearInterval(timer);
    }
    const firstCall = events.indexOf('embed call');
    const firstEmbedding = events.indexOf('embedding');
    const lastEmbedding = events.lastIndexOf('embedding');
    const writing = events.indexOf('writing');
    // Timers fired while the one document was chunked (before the model was first called), while the chunks were
    // embedded, and again while they were analyzed for the store.
    expect(events.slice(0, firstCall)).toContain('tick');
    expect(events.slice(firstEmbedding, lastEmbedding)).toContain('tick');
    expect(events.slice(lastEmbedding, writing)).toContain('tick');
  });

  it('ingests a document of 140,000 chunks (small windows of a long text)', async () => {
    const text = '退货政策'.repeat(175_000);
    const [result] = await createKnowledge({
      store: createMemoryKnowledgeStore(),
      embeddingModel: createHashingEmbeddingModel({ dimensions: 8 }),
      chunking: { kind: 'fixed', size: 5 },
    }).ingest([{ documentId: 'long', text }]);
    expect(result).toEqual({ documentId: 'long', chunks: 140_000 });
  }, 60_000); // seconds of embedding, analysis and writing: past the default 5 s on a slow machine

  it('removes documents of one tenant only', async () => {
    await knowledge.ingest([{ documentId: 'returns', text: version2, tenant: 'acme' }]);
    expect(await knowledge.remove('default', ['returns'], { tenant: 'acme' })).toBe(1);
    expect(await chunksOf('returns')).toHaveLength(3);
  });

  it('reads what one tenant holds of a document, as the last ingest or remove left it', async () => {
    const read = (tenant: string) =>
      knowledge
        .readDocument('default', 'returns', { tenant })
        .then((chunks) => chunks.map((chunk) => `${chunk.id} ${chunk.metadata.from}: ${chunk.text}`));
    await knowledge.ingest([
      { documentId: 'returns', text: version1, tenant: 'acme', metadata: { from: 'file' } },
      { documentId: 'returns', text: version1, tenant: 'globex', metadata: { from: 'file' } },
    ]);
    expect(await read('acme')).toEqual([
      'returns#0 file: Returns are accepted within 30 days.',
      'returns#1 file: Refunds go to the original card.',
      'returns#2 file: Shoes must be unworn.',
    ]);
    await knowledge.ingest([
      { documentId: 'returns', text: version2, tenant: 'acme', metadata: { from: 'api' } },
    ]);
    expect(await read('acme')).toEqual([`returns#0 api: ${version2}`]);
    await knowledge.remove('default', ['returns'], { tenant: 'acme' });
    expect(await read('acme')).toEqual([]);
    expect(await read('globex')).toHaveLength(3);
    // Without a tenant, the shared document (tenant ''), which no tenant's ingest or remove touched.
    expect(await knowledge.readDocument('default', 'returns')).toHaveLength(3);
  });
});
