import type { KnowledgeStore, StoreHealth } from '@opwire/knowledge';
import { QdrantClient } from '@qdrant/js-client-rest';
import { checkQdrantOptions } from './check-qdrant-options.js';
import { ensureCollections } from './ensure-collections.js';
import { createQdrantContext } from './qdrant-context.js';
import type { QdrantKnowledgeStoreOptions } from './qdrant-options.js';
import { createQdrantSearch } from './qdrant-search.js';
import { createQdrantWrites } from './qdrant-writes.js';
import { healthCodeOf, toQdrantError } from './to-qdrant-error.js';

/** A `KnowledgeStore` over Qdrant, which also fuses hybrid ranks itself and can drop its collections. */
export interface QdrantKnowledgeStore extends KnowledgeStore {
  searchHybrid: NonNullable<KnowledgeStore['searchHybrid']>;
  /** Deletes the store's Qdrant collections and every chunk in them (for tests and benchmarks). */
  dropCollections(): Promise<void>;
}

// A connection the server closed while the client reused it fails before any answer: worth one more try.
const isConnectionReset = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return (
    error instanceof TypeError && ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(String(cause?.code))
  );
};

// Every store call is safe to repeat (deterministic point ids, versioned replaces, deletes by id), so a reset
// connection is retried once; what still fails becomes an `OpwireError` without a URL.
const rethrowing =
  <Arguments extends unknown[], Result>(call: (...parameters: Arguments) => Promise<Result>) =>
  async (...parameters: Arguments): Promise<Result> => {
    try {
      return await call(...parameters).catch((error: unknown) => {
        if (isConnectionReset(error)) return call(...parameters);
        throw error;
      });
    } catch (error) {
      throw toQdrantError(error);
    }
  };

/**
 * Opens a knowledge store on a Qdrant server (1.19 or later): checks the options, then the server, then creates
 * or checks one collection per configured knowledge collection and its payload indexes. A bad option fails with
 * `INVALID_CONFIGURATION`, an existing collection with other vectors with `QDRANT_COLLECTION_MISMATCH`.
 */
export async function openQdrantKnowledgeStore(
  options: QdrantKnowledgeStoreOptions,
): Promise<QdrantKnowledgeStore> {
  const resolved = checkQdrantOptions(options);
  const connection = (timeout: number) =>
    new QdrantClient({
      url: resolved.url,
      ...(resolved.apiKey === undefined ? {} : { apiKey: resolved.apiKey }),
      timeout,
      checkCompatibility: false,
    });
  const client = connection(resolved.timeoutMs);
  const probe = connection(resolved.healthTimeoutMs);
  await rethrowing(ensureCollections)(client, resolved);
  const context = createQdrantContext(client, resolved);
  const writes = createQdrantWrites(context);
  const search = createQdrantSearch(context);
  return {
    upsert: rethrowing(writes.upsert),
    replaceDocument: rethrowing(writes.replaceDocument),
    readDocument: rethrowing(search.readDocument),
    deleteDocuments: rethrowing(writes.deleteDocuments),
    deleteChunksFrom: rethrowing(writes.deleteChunksFrom),
    searchDense: rethrowing(search.searchDense),
    searchLexical: rethrowing(search.searchLexical),
    searchHybrid: rethrowing(search.searchHybrid),
    async health(): Promise<StoreHealth> {
      try {
        for (const settings of resolved.collections.values()) {
          if (!(await probe.collectionExists(settings.qdrantName)).exists) {
            return { status: 'degraded', code: 'COLLECTION_MISSING' };
          }
        }
        return { status: 'ready' };
      } catch (error) {
        return { status: 'degraded', code: healthCodeOf(error) };
      }
    },
    dropCollections: rethrowing(async () => {
      for (const settings of resolved.collections.values())
        await client.deleteCollection(settings.qdrantName);
    }),
    async close() {},
  };
}
