import { testRecord } from '@opwire/knowledge/testing';
import { QdrantClient } from '@qdrant/js-client-rest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openQdrantKnowledgeStore, type QdrantKnowledgeStore } from './qdrant-knowledge-store.js';
import type { QdrantKnowledgeStoreOptions } from './qdrant-options.js';
import { type QdrantStandIn, startQdrantStandIn } from './testing/start-qdrant-stand-in.js';

let standIn: QdrantStandIn;
let prefix = 0;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
});
afterAll(() => standIn.close());
afterEach(() => expect(standIn.problems).toEqual([]));

const options = (overrides: Partial<QdrantKnowledgeStoreOptions> = {}): QdrantKnowledgeStoreOptions => ({
  url: standIn.url,
  collectionPrefix: `unit_${prefix++}_`,
  collections: { docs: { dimensions: 3, filterable: { lang: 'keyword' } } },
  ...overrides,
});
const raw = () => new QdrantClient({ url: standIn.url, checkCompatibility: false });
const texts = async (store: QdrantKnowledgeStore) =>
  (await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 }))
    .map((hit) => `${hit.id} ${hit.text}`)
    .sort();
const version = (name: string, chunks: number) =>
  Array.from({ length: chunks }, (_, chunkIndex) => testRecord({ documentId: 'd', chunkIndex, text: name }));
const scope = { collection: 'docs', tenant: '', documentId: 'd' };

describe('opening the Qdrant store (stand-in)', () => {
  it('creates one collection per knowledge collection with its vectors and the payload indexes', async () => {
    const settings = options();
    await openQdrantKnowledgeStore(settings);
    const info = await raw().getCollection(`${settings.collectionPrefix}docs`);
    expect(info.config.params.vectors).toEqual({ dense: { size: 3, distance: 'Cosine' } });
    expect(info.config.params.sparse_vectors).toEqual({ terms: { modifier: 'idf' } });
    expect(Object.keys(info.payload_schema).sort()).toEqual([
      'chunkIndex',
      'documentId',
      'live',
      'metadata.lang',
      'tenant',
      'version',
    ]);
    // Opening again finds the same collection and accepts it.
    await expect(openQdrantKnowledgeStore(settings)).resolves.toBeDefined();
  });

  it('fails startup with QDRANT_COLLECTION_MISMATCH when the existing collection has other vectors', async () => {
    const settings = options();
    await openQdrantKnowledgeStore(settings);
    const other = { ...settings, collections: { docs: { dimensions: 4 } } };
    await expect(openQdrantKnowledgeStore(other)).rejects.toMatchObject({
      code: 'QDRANT_COLLECTION_MISMATCH',
      message: expect.stringContaining(
        `has "dense" vectors of 3 dimensions (Cosine) and "terms" sparse vectors with modifier idf, but the store is configured for "dense" vectors of 4 dimensions`,
      ),
    });
    const dot = { ...settings, collections: { docs: { dimensions: 3, distance: 'Dot' as const } } };
    await expect(openQdrantKnowledgeStore(dot)).rejects.toMatchObject({ code: 'QDRANT_COLLECTION_MISMATCH' });
  });

  it('fails startup with QDRANT_VERSION_UNSUPPORTED on a server older than 1.19', async () => {
    const old = await startQdrantStandIn({ version: '1.18.2' });
    try {
      await expect(openQdrantKnowledgeStore({ ...options(), url: old.url })).rejects.toMatchObject({
        code: 'QDRANT_VERSION_UNSUPPORTED',
        message: expect.stringContaining('Qdrant 1.18.2 is older than 1.19'),
      });
    } finally {
      await old.close();
    }
  });

  it.each([
    [{ url: 'localhost:6333' }, 'url', 'an http:// or https:// address'],
    [{ collections: {} }, 'collections', 'at least one knowledge collection'],
    [{ collections: { docs: { dimensions: 0 } } }, 'collections.docs.dimensions', 'from 1 to 65536, not 0'],
    [{ collections: { 'a/b': { dimensions: 3 } } }, 'collections.a/b', 'a Qdrant collection name'],
    [
      { collections: { docs: { dimensions: 3, distance: 'Euclid' } } },
      'collections.docs.distance',
      '"Cosine" or "Dot"',
    ],
    [{ lexical: { k1: -1 } }, 'lexical.k1', 'a number from 0'],
    [{ lexical: { b: 2 } }, 'lexical.b', 'a number from 0 to 1, not 2'],
    [{ lexical: { averageTerms: 0 } }, 'lexical.averageTerms', 'a number above 0'],
    [{ batchSize: 0 }, 'batchSize', 'from 1 to 10000, not 0'],
  ] as const)(
    'rejects %j with INVALID_CONFIGURATION naming %s, before any request',
    async (overrides, field, text) => {
      const before = standIn.calls.length;
      await expect(openQdrantKnowledgeStore(options(overrides as never))).rejects.toMatchObject({
        code: 'INVALID_CONFIGURATION',
        field,
        message: expect.stringContaining(text),
      });
      expect(standIn.calls.length).toBe(before);
    },
  );
});

describe('Qdrant store behaviour beyond the port (stand-in)', () => {
  it('pushes tenancy and filters down: top counts only chunks the caller may see', async () => {
    const store = await openQdrantKnowledgeStore(options());
    const crowd = Array.from({ length: 12 }, (_, index) =>
      testRecord({ documentId: `near${index}`, tenant: 'other', embedding: [1, 0, 0], terms: ['shoe'] }),
    );
    await store.upsert([
      ...crowd,
      testRecord({ documentId: 'far', tenant: 'mine', embedding: [0.1, 1, 0], terms: ['shoe', 'x', 'y'] }),
      testRecord({ documentId: 'zh', tenant: 'mine', embedding: [0, 0, 1], metadata: { lang: 'zh-CN' } }),
    ]);
    const dense = await store.searchDense({ collection: 'docs', tenant: 'mine', vector: [1, 0, 0], top: 1 });
    expect(dense.map((hit) => hit.documentId)).toEqual(['far']);
    const bm25 = { k1: 1.2, b: 0.75 };
    const terms = [{ term: 'shoe', weight: 1 }];
    const lexical = await store.searchLexical({ collection: 'docs', tenant: 'mine', terms, top: 1, bm25 });
    expect(lexical.map((hit) => hit.documentId)).toEqual(['far']);
    const filtered = await store.searchDense({
      collection: 'docs',
      tenant: 'mine',
      vector: [1, 0, 0],
      top: 1,
      filter: { metadata: { lang: 'zh-CN' } },
    });
    expect(filtered.map((hit) => hit.documentId)).toEqual(['zh']);
  });

  it('indexes and filters metadata keys Qdrant must quote, and refuses at write and search a key with " or \\', async () => {
    const settings = options({
      collections: { docs: { dimensions: 3, filterable: { 语言: 'keyword', 'a.b': 'keyword' } } },
    });
    const store = await openQdrantKnowledgeStore(settings);
    const info = await raw().getCollection(`${settings.collectionPrefix}docs`);
    expect(Object.keys(info.payload_schema)).toEqual(
      expect.arrayContaining(['metadata.语言', 'metadata."a.b"']),
    );
    await store.upsert([testRecord({ documentId: 'zh', metadata: { 语言: '中文', 'a.b': 'x' } })]);
    const search = { collection: 'docs', tenant: '', vector: [1, 0, 0], top: 10 };
    const found = await store.searchDense({ ...search, filter: { metadata: { 语言: '中文', 'a.b': 'x' } } });
    expect(found.map((hit) => hit.documentId)).toEqual(['zh']);
    for (const key of ['say "hi"', 'back\\slash']) {
      const record = testRecord({ documentId: 'odd', metadata: { [key]: 'v' } });
      await expect(store.upsert([record])).rejects.toMatchObject({ code: 'QDRANT_FILTER_KEY_UNSUPPORTED' });
      await expect(
        store.replaceDocument({ collection: 'docs', tenant: '', documentId: 'odd' }, [record]),
      ).rejects.toMatchObject({ code: 'QDRANT_FILTER_KEY_UNSUPPORTED' });
      await expect(
        store.searchDense({ ...search, filter: { metadata: { [key]: 'v' } } }),
      ).rejects.toMatchObject({ code: 'QDRANT_FILTER_KEY_UNSUPPORTED' });
    }
    expect((await store.searchDense(search)).map((hit) => hit.documentId)).toEqual(['zh']);
    await expect(
      openQdrantKnowledgeStore(
        options({ collections: { docs: { dimensions: 3, filterable: { 'say "hi"': 'keyword' } } } }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION', field: 'collections.docs.filterable' });
  });

  it('rejects a search whose BM25 parameters differ from those the chunks were written with', async () => {
    const store = await openQdrantKnowledgeStore(options());
    const search = { collection: 'docs', tenant: '', terms: [{ term: 'x', weight: 1 }], top: 1 };
    await expect(store.searchLexical({ ...search, bm25: { k1: 2, b: 0.75 } })).rejects.toMatchObject({
      code: 'QDRANT_BM25_MISMATCH',
    });
  });

  it('keeps the previous version whole when writing the new one fails, and leaves no unseen points', async () => {
    const settings = options({ batchSize: 1 });
    const store = await openQdrantKnowledgeStore(settings);
    await store.replaceDocument(scope, version('old', 2));
    // The second of three one-point batches fails: one unseen point of the new version was written.
    standIn.failNext('put /collections/{collection_name}/points', { after: 1 });
    await expect(store.replaceDocument(scope, version('new', 3))).rejects.toMatchObject({
      code: 'KNOWLEDGE_STORE_FAILED',
      params: { reason: { en: expect.stringContaining('Qdrant answered 500') } },
    });
    expect(await texts(store)).toEqual(['d#0 old', 'd#1 old']);
    standIn.failNext('post /collections/{collection_name}/points/payload');
    await expect(store.replaceDocument(scope, version('new', 3))).rejects.toMatchObject({
      code: 'KNOWLEDGE_STORE_FAILED',
    });
    expect(await texts(store)).toEqual(['d#0 old', 'd#1 old']);
    const points = await raw().scroll(`${settings.collectionPrefix}docs`, { limit: 100 });
    expect(points.points).toHaveLength(2);
  });

  it('leaves both versions when the old one cannot be deleted, and the next replace leaves one whole version', async () => {
    const store = await openQdrantKnowledgeStore(options());
    await store.replaceDocument(scope, version('old', 2));
    standIn.failNext('post /collections/{collection_name}/points/delete');
    await expect(store.replaceDocument(scope, version('new', 1))).rejects.toMatchObject({
      code: 'KNOWLEDGE_STORE_FAILED',
    });
    expect(await texts(store)).toEqual(['d#0 new', 'd#0 old', 'd#1 old']);
    expect(await store.replaceDocument(scope, version('newer', 1))).toBe(1);
    expect(await texts(store)).toEqual(['d#0 newer']);
  });

  it('writes a version too long for one request in several, each under Qdrant’s 32 MiB request limit', async () => {
    const store = await openQdrantKnowledgeStore(options());
    const upserts = () =>
      standIn.calls.filter((call) => call === 'put /collections/{collection_name}/points').length;
    const before = upserts();
    // 20 chunks of 2 MiB each: 40 MiB, far fewer points than a batch holds (256).
    const long = Array.from({ length: 20 }, (_, chunkIndex) =>
      testRecord({ documentId: 'd', chunkIndex, text: `${chunkIndex} ${'x'.repeat(2 * 1024 * 1024)}` }),
    );
    await store.replaceDocument(scope, long);
    expect(upserts() - before).toBe(2);
    const found = await store.searchDense({ collection: 'docs', tenant: '', vector: [1, 0, 0], top: 30 });
    expect(found.map((hit) => hit.id).sort()).toEqual(long.map((record) => record.id).sort());
  });

  it('retries a call once when the server cut the connection without answering', async () => {
    const store = await openQdrantKnowledgeStore(options());
    await store.replaceDocument(scope, version('old', 1));
    standIn.resetNext('post /collections/{collection_name}/points/query');
    expect(await texts(store)).toEqual(['d#0 old']);
    standIn.resetNext('post /collections/{collection_name}/points/query');
    standIn.failNext('post /collections/{collection_name}/points/query', { after: 0 });
    await expect(texts(store)).rejects.toMatchObject({ code: 'KNOWLEDGE_STORE_FAILED' });
  });

  it('lets a later replace win even when another process stamped the stored version with a clock ahead', async () => {
    const settings = options();
    const store = await openQdrantKnowledgeStore(settings);
    await store.replaceDocument(scope, version('ahead', 2));
    const ahead = (Date.now() + 3_600_000) * 1000;
    await raw().setPayload(`${settings.collectionPrefix}docs`, {
      payload: { revision: ahead },
      filter: {},
      wait: true,
    });
    await store.replaceDocument(scope, version('later', 1));
    expect(await texts(store)).toEqual(['d#0 later']);
  });
});
