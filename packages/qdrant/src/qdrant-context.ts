import { knowledgeErrors } from '@opwire/knowledge';
import type { QdrantClient } from '@qdrant/js-client-rest';
import { qdrantErrors } from './qdrant-errors.js';
import type { ResolvedQdrantOptions } from './qdrant-options.js';

/** One configured knowledge collection as the store keeps it. */
export type CollectionSettings =
  ResolvedQdrantOptions['collections'] extends ReadonlyMap<string, infer T> ? T : never;

/** What the store's reads and writes share: the client, the options, and the collection lookup. */
export interface QdrantContext {
  readonly client: QdrantClient;
  readonly options: ResolvedQdrantOptions;
  /** The settings of a configured collection; any other fails with `QDRANT_COLLECTION_UNKNOWN`. */
  collection(name: string): CollectionSettings;
}

/** Builds the shared context over a client. */
export function createQdrantContext(client: QdrantClient, options: ResolvedQdrantOptions): QdrantContext {
  return {
    client,
    options,
    collection(name) {
      const settings = options.collections.get(name);
      if (!settings) throw qdrantErrors.QDRANT_COLLECTION_UNKNOWN({ params: { collection: name } });
      return settings;
    },
  };
}

/** Fails with `EMBEDDING_DIMENSION_MISMATCH` unless the vector has the collection's length. */
export function checkVectorLength(
  collection: string,
  settings: CollectionSettings,
  vector: readonly number[],
): void {
  if (vector.length !== settings.dimensions || vector.some((value) => !Number.isFinite(value))) {
    throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
      params: { collection, expected: settings.dimensions, actual: vector.length },
    });
  }
}
