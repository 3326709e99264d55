import { describe, expect, it } from 'vitest';
import { createKnowledge } from './create-knowledge.js';
import { createHashingEmbeddingModel } from './embedding/hashing-embedding-model.js';
import { fuseRanks } from './fuse-ranks.js';
import { createMemoryKnowledgeStore } from './memory/memory-knowledge-store.js';
import { type RetrievalMode, retrievalModes } from './retrieve.js';
import type { KnowledgeStore } from './store/knowledge-store.js';

const setup = async () => {
  const knowledge = createKnowledge({
    store: createMemoryKnowledgeStore(),
    embeddingModel: createHashingEmbeddingModel(),
  });
  await knowledge.ingest([
    {
      documentId: 'returns',
      title: 'Returns policy',
      text: 'You can return unworn shoes within 30 days for a refund.',
      metadata: { lang: 'en' },
    },
    {
      documentId: 'shipping',
      title: 'Shipping',
      text: 'Orders ship within two business days.',
      metadata: { lang: 'en' },
    },
    {
      documentId: 'returns-zh',
      title: '退货政策',
      text: '收到商品后三十天内可以申请退货退款。',
      metadata: { lang: 'zh-CN' },
    },
    { documentId: 'acme-secret', text: 'Acme returns are handled by the warehouse team.', tenant: 'acme' },
  ]);
  return knowledge;
};

describe('retrieve', () => {
  it('finds the answering chunk in every mode, English and Chinese', async () => {
    const knowledge = await setup();
    for (const mode of ['dense', 'lexical', 'hybrid'] as const) {
      expect((await knowledge.retrieve({ text: 'How do I return shoes?', mode }))[0]?.documentId).toBe(
        'returns',
      );
      expect((await knowledge.retrieve({ text: '怎么申请退货？', mode }))[0]?.documentId).toBe('returns-zh');
      // Asked in Traditional Chinese, the Simplified document answers too.
      expect((await knowledge.retrieve({ text: '怎麼申請退貨？', mode }))[0]?.documentId).toBe('returns-zh');
    }
  });

  it('limits results to the caller tenant and the filter', async () => {
    const knowledge = await setup();
    const shared = await knowledge.retrieve({ text: 'returns warehouse', mode: 'lexical', top: 10 });
    expect(shared.map((hit) => hit.documentId)).not.toContain('acme-secret');
    const acme = await knowledge.retrieve({ text: 'returns warehouse', tenant: 'acme', top: 10 });
    expect(acme.map((hit) => hit.documentId)).toEqual(['acme-secret']);
    const zhOnly = await knowledge.retrieve({
      text: 'refund 退货',
      top: 10,
      filter: { metadata: { lang: 'zh-CN' } },
    });
    expect(zhOnly.map((hit) => hit.documentId)).toEqual(['returns-zh']);
  });

  it('applies top and minScore', async () => {
    const knowledge = await setup();
    expect(
      await knowledge.retrieve({ text: 'returns shipping orders', mode: 'lexical', top: 1 }),
    ).toHaveLength(1);
    expect(await knowledge.retrieve({ text: 'returns shipping', mode: 'lexical', minScore: 1000 })).toEqual(
      [],
    );
    await expect(knowledge.retrieve({ text: 'x', top: 0 })).rejects.toMatchObject({ code: 'OUT_OF_RANGE' });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '0.5'])(
    'refuses minScore %s from untyped input, rather than dropping every chunk',
    async (minScore) => {
      const knowledge = await setup();
      await expect(
        knowledge.retrieve({ text: 'returns', mode: 'lexical', minScore: minScore as number }),
      ).rejects.toMatchObject({
        code: 'OUT_OF_RANGE',
        field: 'minScore',
        message: 'Field "minScore" is out of range (expected a finite number).',
      });
    },
  );

  it('refuses an unknown mode from untyped input, rather than searching it as hybrid', async () => {
    const knowledge = await setup();
    await expect(
      knowledge.retrieve({ text: 'returns', mode: 'fuzzy' as RetrievalMode }),
    ).rejects.toMatchObject({
      code: 'INVALID_ENUM',
      field: 'mode',
      message: 'Field "mode" must be one of "dense" | "lexical" | "hybrid".',
    });
  });

  it('needs an embedding model for dense and hybrid but not for lexical', async () => {
    const store = createMemoryKnowledgeStore();
    const bare = createKnowledge({ store });
    await expect(bare.retrieve({ text: 'returns', mode: 'dense' })).rejects.toMatchObject({
      code: 'NO_EMBEDDING_MODEL',
    });
    expect(await bare.retrieve({ text: 'returns', mode: 'lexical' })).toEqual([]);
  });

  it('finds nothing for a question of stop words only, without asking the store for a dense search', async () => {
    const memory = createMemoryKnowledgeStore();
    const denseSearches: number[][] = [];
    const store: KnowledgeStore = {
      ...memory,
      // A store that scores a zero vector anyway (as PostgreSQL's NaN once became 0) must not be asked.
      searchDense: async (search) => {
        denseSearches.push([...search.vector]);
        return (await memory.searchDense({ ...search, vector: search.vector.map(() => 1) })).map((hit) => ({
          ...hit,
          score: 0,
        }));
      },
    };
    const knowledge = createKnowledge({ store, embeddingModel: createHashingEmbeddingModel() });
    await knowledge.ingest([{ documentId: 'returns', text: 'You can return unworn shoes within 30 days.' }]);
    for (const mode of retrievalModes) {
      expect(await knowledge.retrieve({ text: 'Is it that, or is it this?', mode })).toEqual([]);
    }
    expect(denseSearches).toEqual([]);
    expect(await knowledge.retrieve({ text: 'unworn shoes', mode: 'dense' })).toHaveLength(1);
    expect(denseSearches).toHaveLength(1);
  });

  it('reports a failing store search as KNOWLEDGE_STORE_FAILED with its reason', async () => {
    const memory = createMemoryKnowledgeStore();
    const store: KnowledgeStore = {
      ...memory,
      searchLexical: async () => {
        throw new Error('connection reset');
      },
    };
    const knowledge = createKnowledge({ store, embeddingModel: createHashingEmbeddingModel() });
    await expect(knowledge.retrieve({ text: 'shoes', mode: 'lexical' })).rejects.toMatchObject({
      code: 'KNOWLEDGE_STORE_FAILED',
      params: { reason: 'connection reset' },
    });
  });

  it('lets a store fuse hybrid ranks itself when the question has a vector and terms, and fuses otherwise', async () => {
    const memory = createMemoryKnowledgeStore();
    const fused: Array<{ top: number; depth: number; terms: number }> = [];
    const store: KnowledgeStore = {
      ...memory,
      async searchHybrid(search) {
        fused.push({ top: search.top, depth: search.depth, terms: search.terms.length });
        const lists = await Promise.all([
          memory.searchDense({ ...search, top: search.depth }),
          memory.searchLexical({ ...search, top: search.depth }),
        ]);
        return fuseRanks(lists).slice(0, search.top);
      },
    };
    const knowledge = createKnowledge({ store, embeddingModel: createHashingEmbeddingModel() });
    await knowledge.ingest([
      { documentId: 'returns', text: 'You can return unworn shoes within 30 days.' },
      { documentId: 'shipping', text: 'Orders ship within two business days.' },
    ]);
    const hits = await knowledge.retrieve({ text: 'return shoes', top: 1 });
    expect(hits.map((hit) => hit.documentId)).toEqual(['returns']);
    expect(fused).toEqual([{ top: 1, depth: 50, terms: 2 }]);
    expect(await knowledge.retrieve({ text: 'Is it that, or is it this?' })).toEqual([]);
    expect(fused).toHaveLength(1);
  });
});
