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

  it('returns the stale-delete error with the old tail still stored; a retry removes the stale tail', async () => {
    faults.failStaleDelete = true;
    const [result] = await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    // The replacement did not complete, so no chunk of the new version counts as stored.
    expect(result).toMatchObject({ chunks: 0, error: { code: 'KNOWLEDGE_STORE_FAILED' } });
    expect((await rows())[0]).toEqual({ id: 'returns#0', text: version2 });
    expect(await rows()).toHaveLength(2);
    await knowledge.ingest([{ documentId: 'returns', text: version2 }]);
    expect(await rows()).toEqual([{ id: 'returns#0', text: version2 }]);
  });

  it('rolls the whole replacement back when deleting the stale tail fails inside the store', async () => {
    const before = await rows();
    let failTail = true;
    // The real store over a client whose tail DELETE fails once, inside the replacing transaction.
    const failing: SqlClient = {
      ...client,
      close: async () => undefined,
      transaction: (work) =>
        client.transaction((query) =>
          work(async <Row>(sql: string, params?: readonly unknown[]) => {
            if (failTail && sql.includes('DELETE') && sql.includes('chunk_index >= $4')) {
              failTail = false;
              throw new Error('deadlock detected (injected)');
            }
            return query<Row>(sql, params);
          }),
        ),
    };
    const store = await createPostgresKnowledgeStore({ client: failing, table: `opwire_faults_${table}` });
    const direct = createKnowledge({
      store,
      embeddingModel: model,
      chunking: { kind: 'structured', maxTokens: 24 },
    });
    const [result] = await direct.ingest([{ documentId: 'returns', text: version2 }]);
    expect(result).toMatchObject({
      chunks: 0,
      error: { code: 'KNOWLEDGE_STORE_FAILED', params: { reason: 'deadlock detected (injected)' } },
    });
    expect(failTail).toBe(false);
    expect(await rows()).toEqual(before);
    expect(await direct.ingest([{ documentId: 'returns', text: version2 }])).toEqual([
      { documentId: 'returns', chunks: 1 },
    ]);
    expect(await rows()).toEqual([{ id: 'returns#0', text: version2 }]);
  });

  it('leaves one whole version, never a mix, when two versions are ingested at once', async () => {
    const rowsOf = async (text: string) => {
      await knowledge.ingest([{ documentId: 'returns', text }]);
      return rows();
    };
    const short = await rowsOf(version2);
    const long = await rowsOf(version1);
    expect(long).toHaveLength(2);
    for (const texts of [
      [version2, version1],
      [version1, version2],
    ]) {
      await Promise.all(texts.map((text) => knowledge.ingest([{ documentId: 'returns', text }])));
      expect([short, long]).toContainEqual(await rows());
    }
  });

  it('finds nothing for a question of stop words only, in every mode', async () => {
    for (const mode of ['dense', 'lexical', 'hybrid'] as const) {
      expect(await knowledge.retrieve({ text: 'Is it that, or is it this?', mode })).toEqual([]);
    }
  });
});
