import { createHashingEmbeddingModel, createKnowledge, type Knowledge } from '@opwire/knowledge';
import { createFaultyStore, type StoreFaults } from '@opwire/knowledge/testing';
import { createPostgresKnowledgeStore, openPgliteClient, type SqlClient } from '@opwire/postgres/knowledge';
import { MockEmbeddingModelV4 } from 'ai/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The ingest rules against the real PGlite + pgvector store, with faults injected around it.
describe('ingest faults on PGlite', () => {
  let client: SqlClient;
  let faults: StoreFaults;
  let knowledge: Knowledge;
  let table = 0;
  const model = createHashingEmbeddingModel({ dimensions: 32 });
  const failing = new MockEmbeddingModelV4({
    maxEmbeddingsPerCall: 100,
    doEmbed: async () => {
      throw new Error('503 from provider');
    },
  });
  const version1 =
    '# 退货政策\n\n收到商品七天内可以无理由退货。\n\n退款三到五个工作日到账。\n\nReturns need the receipt.';
  const version2 = '# 退货政策\n\n收到商品十五天内可以无理由退货。';
  const rows = async () =>
    client.query<{ id: string; text: string }>(`SELECT id, text FROM opwire_faults_${table} ORDER BY id`);

  beforeAll(async () => {
    client = await openPgliteClient();
  });
  afterAll(async () => client.close());
  beforeEach(async () => {
    table++;
    faults = {};
    const store = await createPostgresKnowledgeStore({
      client: { ...client, close: async () => undefined },
      table: `opwire_faults_${table}`,
    });
    knowledge = createKnowledge({
      store: createFaultyStore(store, faults),
      embeddingModel: model,
      chunking: { kind: 'structured', maxTokens: 24 },
    });
    expect(await knowledge.ingest([{ documentId: 'returns', text: version1 }])).toEqual([
      { documentId: 'returns', chunks: 2 },
    ]);
  });

  it('keeps the old version when the embedder fails; a retry leaves exactly the new chunks', async () => {
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }], {
      embeddingModel: failing,
    });
    expect(result?.error?.code).toBe('EMBEDDING_FAILED');
    expect(await rows()).toHaveLength(2);
    expect((await knowledge.retrieve({ text: '退款多久到账', mode: 'lexical' }))[0]?.documentId).toBe(
      'returns',
    );
    await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect((await rows()).map((row) => row.id)).toEqual(['returns#0']);
  });

  it('writes nothing when the vectors have another dimension, so the old version stays whole', async () => {
    const before = await rows();
    const store = await createPostgresKnowledgeStore({
      client: { ...client, close: async () => undefined },
      table: `opwire_faults_${table}`,
    });
    const wrongDimension = createKnowledge({
      store,
      embeddingModel: createHashingEmbeddingModel({ dimensions: 8 }),
    });
    const [result] = await wrongDimension.ingest([{ documentId: 'returns', text: version2 }]);
    expect(result?.error?.code).toBe('EMBEDDING_DIMENSION_MISMATCH');
    expect(await rows()).toEqual(before);
  });

  it('keeps the document retrievable when a write fails midway; a retry leaves no duplicates', async () => {
    faults.failUpsertAfter = 1;
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(result?.error?.code).toBe('KNOWLEDGE_STORE_FAILED');
    expect(await rows()).toHaveLength(2);
    expect((await knowledge.retrieve({ text: 'receipt', mode: 'lexical' }))[0]?.documentId).toBe('returns');
    expect(await knowledge.ingest([{ documentId: 'returns', text: version2 }])).toEqual([
      { documentId: 'returns', chunks: 1 },
    ]);
    expect(await rows()).toEqual([{ id: 'returns#0', text: version2 }]);
  });

  it('returns the stale-delete error with the new chunks stored; a retry removes the stale tail', async () => {
    faults.failStaleDelete = true;
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(result).toMatchObject({ chunks: 1, error: { code: 'KNOWLEDGE_STORE_FAILED' } });
    expect((await rows())[0]).toEqual({ id: 'returns#0', text: version2 });
    await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(await rows()).toEqual([{ id: 'returns#0', text: version2 }]);
  });
});
