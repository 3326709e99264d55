import type { QdrantClient } from '@qdrant/js-client-rest';
import { metadataPath } from './metadata-path.js';
import { qdrantErrors } from './qdrant-errors.js';
import type { ResolvedQdrantOptions } from './qdrant-options.js';

type CollectionSettings =
  ResolvedQdrantOptions['collections'] extends ReadonlyMap<string, infer T> ? T : never;

/** The payload fields searches and writes filter on, with their index types. */
const fixedIndexes: ReadonlyArray<readonly [string, unknown]> = [
  ['tenant', { type: 'keyword', is_tenant: true }],
  ['documentId', 'keyword'],
  ['chunkIndex', 'integer'],
  ['live', 'bool'],
  ['version', 'keyword'],
];

async function checkServerVersion(client: QdrantClient): Promise<void> {
  const { version } = await client.versionInfo();
  const parsed = /^v?(\d+)\.(\d+)/.exec(version);
  // A development build ("dev", "master") is taken at its word.
  if (parsed && (Number(parsed[1]) < 1 || (Number(parsed[1]) === 1 && Number(parsed[2]) < 19))) {
    throw qdrantErrors.QDRANT_VERSION_UNSUPPORTED({ params: { version } });
  }
}

const describeVectors = (dense: { size?: unknown; distance?: unknown } | undefined, modifier: unknown) =>
  `${dense ? `"dense" vectors of ${String(dense.size)} dimensions (${String(dense.distance)})` : 'no "dense" vectors'} and ${
    modifier === undefined
      ? 'no "terms" sparse vectors'
      : `"terms" sparse vectors with modifier ${String(modifier ?? 'none')}`
  }`;

async function ensureCollection(client: QdrantClient, name: string, settings: CollectionSettings) {
  const { qdrantName, dimensions, distance } = settings;
  if (!(await client.collectionExists(qdrantName)).exists) {
    try {
      await client.createCollection(qdrantName, {
        vectors: { dense: { size: dimensions, distance } },
        sparse_vectors: { terms: { modifier: 'idf' } },
      });
    } catch (error) {
      // Another process may have created it first; its settings are checked below like any existing one.
      if (!(await client.collectionExists(qdrantName)).exists) throw error;
    }
  }
  const info = await client.getCollection(qdrantName);
  const vectors = info.config.params.vectors as
    | Record<string, { size?: unknown; distance?: unknown }>
    | undefined;
  const dense = vectors && typeof vectors.size !== 'number' ? vectors.dense : undefined;
  const sparse = info.config.params.sparse_vectors?.terms;
  const modifier = sparse === undefined ? undefined : (sparse?.modifier ?? 'none');
  if (dense?.size !== dimensions || dense.distance !== distance || modifier !== 'idf') {
    throw qdrantErrors.QDRANT_COLLECTION_MISMATCH({
      params: {
        collection: name,
        qdrantCollection: qdrantName,
        actual: describeVectors(dense, modifier),
        expected: describeVectors({ size: dimensions, distance }, 'idf'),
      },
    });
  }
  const indexes: Array<readonly [string, unknown]> = [
    ...fixedIndexes,
    ...Object.entries(settings.filterable).map(([key, type]) => [metadataPath(key), type] as const),
  ];
  for (const [field, schema] of indexes) {
    if (info.payload_schema[field]) continue;
    await client.createPayloadIndex(qdrantName, {
      field_name: field,
      field_schema: schema as never,
      wait: true,
    });
  }
}

/**
 * Checks the server (1.19 or later) and makes every configured collection ready: created with `dense` vectors of
 * the configured size and distance and `terms` sparse vectors with the IDF modifier, or, when it exists, checked
 * to have exactly those (else `QDRANT_COLLECTION_MISMATCH`); then its payload indexes are created.
 */
export async function ensureCollections(client: QdrantClient, options: ResolvedQdrantOptions): Promise<void> {
  await checkServerVersion(client);
  for (const [name, settings] of options.collections) await ensureCollection(client, name, settings);
}
