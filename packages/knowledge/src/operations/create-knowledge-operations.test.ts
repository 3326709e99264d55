import { type AnyErrorEntry, type Caller, createOpwire } from '@opwire/core';
import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createKnowledge } from '../create-knowledge.js';
import { createHashingEmbeddingModel } from '../embedding/hashing-embedding-model.js';
import { createMemoryKnowledgeStore } from '../memory/memory-knowledge-store.js';
import type { KnowledgeStore } from '../store/knowledge-store.js';
import { createKnowledgeOperations } from './create-knowledge-operations.js';

type SearchResponse = { results: Array<Record<string, unknown>> };

const writer: Caller = {
  principalId: 'admin',
  tenant: 'acme',
  permissions: ['knowledge:write', 'knowledge:read'],
};
const reader: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['knowledge:read'] };
const stranger: Caller = { principalId: 'bob', tenant: 'globex', permissions: ['knowledge:read'] };

const setup = () => {
  const knowledge = createKnowledge({
    store: createMemoryKnowledgeStore(),
    embeddingModel: createHashingEmbeddingModel(),
  });
  const app = createOpwire({ operations: createKnowledgeOperations({ knowledge }) });
  return { app, knowledge };
};

describe('createKnowledgeOperations', () => {
  it('ingests and searches within the caller tenant, exposing search to ai and mcp', async () => {
    const { app } = setup();
    expect(app.registry.exposedTo('ai').map((operation) => operation.id)).toEqual(['knowledge.search']);
    const ingested = await app.invoke(
      'knowledge.ingest',
      {
        documents: [{ documentId: 'returns', title: 'Returns', text: 'Return unworn shoes within 30 days.' }],
      },
      { caller: writer },
    );
    expect(ingested).toEqual({ results: [{ documentId: 'returns', chunks: 1 }] });
    const found = (await app.invoke(
      'knowledge.search',
      { query: 'return shoes', mode: 'lexical' },
      { caller: reader },
    )) as SearchResponse;
    expect(found.results[0]).toMatchObject({ documentId: 'returns', source: 'Returns' });
    const other = (await app.invoke(
      'knowledge.search',
      { query: 'return shoes' },
      { caller: stranger },
    )) as SearchResponse;
    expect(other.results).toEqual([]);
    expect(await app.invoke('knowledge.remove', { documentIds: ['returns'] }, { caller: writer })).toEqual({
      removedChunks: 1,
    });
  });

  it('denies ingest without knowledge:write and rejects bad input before touching the store', async () => {
    const { app, knowledge } = setup();
    await expect(
      app.invoke('knowledge.ingest', { documents: [{ documentId: 'x', text: 'y' }] }, { caller: reader }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(
      app.invoke('knowledge.search', { query: 'x', top: '3' }, { caller: reader }),
    ).rejects.toMatchObject({
      code: 'WRONG_TYPE',
    });
    await expect(
      app.invoke('knowledge.search', { query: 'x', tenant: 'acme' }, { caller: stranger }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_FIELD',
    });
    expect(await knowledge.retrieve({ text: 'y', tenant: 'acme', mode: 'lexical' })).toEqual([]);
  });

  const arrivals = { documentId: 'arrivals', text: 'New shoes arrive weekly.' };
  it.each([
    ['an empty text', [{ documentId: 'returns', text: '' }, arrivals], 'OUT_OF_RANGE', 'documents[0].text'],
    [
      'a blank text',
      [{ documentId: 'returns', text: ' \n\t ' }, arrivals],
      'EMPTY_DOCUMENT',
      'documents[0].text',
    ],
    [
      'a text of zero-width characters only',
      [arrivals, { documentId: 'returns', text: '\u200b\u200b\n\u2060\u00ad' }],
      'EMPTY_DOCUMENT',
      'documents[1].text',
    ],
    [
      'a document id given twice',
      [arrivals, { ...arrivals, text: 'Shoes run small.' }],
      'DUPLICATE_DOCUMENT_ID',
      'documents[1].documentId',
    ],
  ])(
    'refuses an ingest with %s, naming the field, and changes nothing',
    async (_name, documents, code, field) => {
      const { app, knowledge } = setup();
      const stored = { documentId: 'returns', text: 'Return unworn shoes within 30 days.' };
      await app.invoke('knowledge.ingest', { documents: [stored] }, { caller: writer });
      await expect(app.invoke('knowledge.ingest', { documents }, { caller: writer })).rejects.toMatchObject({
        code,
        field,
      });
      const found = await knowledge.retrieve({ text: 'shoes', tenant: 'acme', mode: 'lexical' });
      expect(found.map((chunk) => chunk.documentId)).toEqual(['returns']);
    },
  );

  it('refuses a metadata key the app reserves, naming it, and stores nothing of the batch', async () => {
    const knowledge = createKnowledge({
      store: createMemoryKnowledgeStore(),
      embeddingModel: createHashingEmbeddingModel(),
    });
    const app = createOpwire({
      operations: createKnowledgeOperations({ knowledge, reservedMetadataKeys: ['own', 'a.b'] }),
    });
    for (const [metadata, field] of [
      [{ lang: 'en', own: true }, 'documents[1].metadata.own'],
      [{ 'a.b': 'x' }, 'documents[1].metadata["a.b"]'],
    ] as const) {
      const documents = [arrivals, { documentId: 'returns', text: 'Return shoes.', metadata }];
      await expect(app.invoke('knowledge.ingest', { documents }, { caller: writer })).rejects.toMatchObject({
        code: 'RESERVED_METADATA_KEY',
        field,
      });
    }
    expect(await knowledge.retrieve({ text: 'shoes', tenant: 'acme', mode: 'lexical' })).toEqual([]);
    // In process the app sets the key itself; an app without reserved keys takes any.
    expect(app.registry.get('knowledge.ingest')?.errors.map((entry: AnyErrorEntry) => entry.code)).toContain(
      'RESERVED_METADATA_KEY',
    );
    expect(
      setup()
        .app.registry.get('knowledge.ingest')
        ?.errors.map((entry: AnyErrorEntry) => entry.code),
    ).not.toContain('RESERVED_METADATA_KEY');
  });

  it('accepts metadata inside the published bounds, counted in code points as JSON Schema counts them', async () => {
    const { app, knowledge } = setup();
    // 1,500 emoji are 3,000 UTF-16 units: within `maxLength: 2000`, as a key of 100 is within 128.
    const documents = [
      { documentId: 'plain', text: 'Refund policy for quokkas.' },
      { documentId: 'value', text: 'Refund policy for okapis.', metadata: { k: '😀'.repeat(1500) } },
      { documentId: 'key', text: 'Refund policy for ibises.', metadata: { ['😀'.repeat(100)]: 'v' } },
    ];
    expect(await app.invoke('knowledge.ingest', { documents }, { caller: writer })).toEqual({
      results: [
        { documentId: 'plain', chunks: 1 },
        { documentId: 'value', chunks: 1 },
        { documentId: 'key', chunks: 1 },
      ],
    });
    const found = (await app.invoke(
      'knowledge.search',
      { query: 'refund', mode: 'lexical', metadata: { k: '😀'.repeat(1500) } },
      { caller: reader },
    )) as SearchResponse;
    expect(found.results.map((result) => result.documentId)).toEqual(['value']);
    const stored = await knowledge.retrieve({ text: 'refund', tenant: 'acme', mode: 'lexical' });
    expect(stored.map((chunk) => chunk.documentId).sort()).toEqual(['key', 'plain', 'value']);
  });

  it("names a refusal of the store's own metadata check as the request has the field, storing nothing of the batch", async () => {
    // Validation refuses all of this first; the handlers are called as the pipeline would call them past it.
    const { knowledge } = setup();
    const [search, ingest] = createKnowledgeOperations({ knowledge });
    const context = { tenant: 'acme', locale: 'en', signal: new AbortController().signal } as any;
    const failure = async (work: () => unknown) => {
      try {
        await work();
      } catch (error) {
        return { code: (error as { code: string }).code, field: (error as { field?: string }).field };
      }
      return undefined;
    };
    const over = { k: 'x'.repeat(2001) };
    expect(await failure(() => search!.handle({ query: 'refund', metadata: over }, context))).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'metadata.k',
    });
    const documents = [arrivals, { documentId: 'returns', text: 'Return shoes.', metadata: over }];
    expect(await failure(() => ingest!.handle({ documents }, context))).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'documents[1].metadata.k',
    });
    expect(
      await failure(() =>
        ingest!.handle({ documents: [arrivals, { ...documents[1], metadata: { 'a.b': null } }] }, context),
      ),
    ).toEqual({
      code: 'NULL_NOT_ALLOWED',
      field: 'documents[1].metadata["a.b"]',
    });
    expect(await knowledge.retrieve({ text: 'shoes', tenant: 'acme', mode: 'lexical' })).toEqual([]);
  });

  it('audits each call', async () => {
    const { app } = setup();
    await app.invoke(
      'knowledge.ingest',
      { documents: [{ documentId: 'a', text: 'alpha' }] },
      { caller: writer },
    );
    const records = await app.audit.list();
    expect(records.map((record) => record.operationId)).toEqual(['knowledge.ingest']);
  });

  it('declares every code search can fail with (and ingest CANCELLED), and fails with them', async () => {
    const controller = new AbortController();
    const cancelling = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 100,
      doEmbed: async () => {
        controller.abort();
        throw new Error('aborted by the caller');
      },
    });
    const knowledge = createKnowledge({
      store: createMemoryKnowledgeStore(),
      embeddingModel: createHashingEmbeddingModel(),
      collections: { narrow: { dimensions: 64 }, slow: { embeddingModel: cancelling } },
    });
    const operations = (collection: string) => createKnowledgeOperations({ knowledge, collection });
    const search = operations('narrow').find((operation) => operation.id === 'knowledge.search')!;
    expect(search.errors.map((entry: AnyErrorEntry) => entry.code)).toEqual(
      expect.arrayContaining(['EMBEDDING_DIMENSION_MISMATCH', 'CANCELLED']),
    );
    const narrow = createOpwire({ operations: operations('narrow') });
    await expect(
      narrow.invoke('knowledge.search', { query: 'shoes', mode: 'dense' }, { caller: reader }),
    ).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
    const slow = createOpwire({ operations: operations('slow') });
    await expect(
      slow.invoke('knowledge.search', { query: 'shoes' }, { caller: reader, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    const ingest = operations('slow').find((operation) => operation.id === 'knowledge.ingest')!;
    expect(ingest.errors.map((entry: AnyErrorEntry) => entry.code)).toContain('CANCELLED');
  });

  it('fails a document read with KNOWLEDGE_STORE_FAILED and the store reason', async () => {
    const memory = createMemoryKnowledgeStore();
    const knowledge = createKnowledge({
      store: { ...memory, readDocument: () => Promise.reject(new Error('relation is locked')) },
    });
    await expect(knowledge.readDocument('default', 'a', { tenant: 'acme' })).rejects.toMatchObject({
      code: 'KNOWLEDGE_STORE_FAILED',
      params: { reason: 'relation is locked' },
    });
  });

  it('fails remove with KNOWLEDGE_STORE_FAILED and the store reason, through knowledge and the operation', async () => {
    const memory = createMemoryKnowledgeStore();
    const store: KnowledgeStore = {
      ...memory,
      deleteDocuments: async () => {
        throw new Error('relation is locked');
      },
    };
    const knowledge = createKnowledge({ store, embeddingModel: createHashingEmbeddingModel() });
    const failure = { code: 'KNOWLEDGE_STORE_FAILED', params: { reason: 'relation is locked' } };
    await expect(knowledge.remove('default', ['a'])).rejects.toMatchObject(failure);
    const app = createOpwire({ operations: createKnowledgeOperations({ knowledge }) });
    await expect(
      app.invoke('knowledge.remove', { documentIds: ['a'] }, { caller: writer }),
    ).rejects.toMatchObject(failure);
  });
});
