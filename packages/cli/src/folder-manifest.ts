import { resolve } from 'node:path';
import { defaultBm25, type KnowledgeStore } from '@opwire/knowledge';

// The CLI's own record lives under a tenant of its own: every search is limited to one tenant, so it is never
// retrieved with, nor counted in the BM25 statistics of, the documents (tenant '').
const manifestTenant = 'opwire-cli';
const manifestTerm = 'opwire-cli-folder-manifest';
const manifestPrefix = 'folder:';
// Far more folders than one collection is fed from; reading fewer manifests than there are would miss an owner.
const manifestsAtMost = 10_000;

/** Which folder's manifest, in which collection, and the collection's vector length. */
export interface ManifestScope {
  readonly collection: string;
  readonly folder: string;
  readonly dimensions: number;
}

/** What the manifests of a collection say about one folder. */
export interface FolderManifest {
  /** The document ids the last ingest of this folder stored (empty when it was never ingested). */
  readonly documentIds: readonly string[];
  /** The document ids other folders' manifests hold, each with that folder: they are not this folder's. */
  readonly heldElsewhere: ReadonlyMap<string, string>;
}

const documentIdOf = (scope: ManifestScope) => `${manifestPrefix}${resolve(scope.folder)}`;

const documentIdsIn = (text: string): string[] => {
  const parsed = JSON.parse(text) as { documentIds?: unknown };
  return Array.isArray(parsed.documentIds) ? parsed.documentIds.map(String) : [];
};

/**
 * Reads every folder's manifest in the scope's collection through the store's port (which cannot list
 * documents: each manifest is found by its own term): the ids this folder stored, and those other folders hold.
 */
export async function readFolderManifest(
  store: KnowledgeStore,
  scope: ManifestScope,
): Promise<FolderManifest> {
  const records = await store.searchLexical({
    collection: scope.collection,
    tenant: manifestTenant,
    terms: [{ term: manifestTerm, weight: 1 }],
    top: manifestsAtMost,
    bm25: defaultBm25,
  });
  if (records.length >= manifestsAtMost) {
    throw new Error(
      `collection ${scope.collection} holds manifests of ${manifestsAtMost} folders or more, more than opwire ingest reads`,
    );
  }
  const own = documentIdOf(scope);
  const documentIds: string[] = [];
  const heldElsewhere = new Map<string, string>();
  for (const record of records) {
    const ids = documentIdsIn(record.text);
    if (record.documentId === own) documentIds.push(...ids);
    else for (const id of ids) heldElsewhere.set(id, record.documentId.slice(manifestPrefix.length));
  }
  return { documentIds, heldElsewhere };
}

/** Records the document ids this folder now holds, for the next ingest of it to remove those that went. */
export async function writeFolderManifest(
  store: KnowledgeStore,
  scope: ManifestScope,
  documentIds: readonly string[],
): Promise<void> {
  const documentId = documentIdOf(scope);
  await store.upsert([
    {
      id: `${documentId}#0`,
      collection: scope.collection,
      tenant: manifestTenant,
      documentId,
      chunkIndex: 0,
      text: JSON.stringify({ documentIds }),
      metadata: {},
      // Never searched densely (no search reaches its tenant); a unit vector, as a zero one has no cosine.
      embedding: Array.from({ length: scope.dimensions }, (_, index) => (index === 0 ? 1 : 0)),
      terms: [manifestTerm],
    },
  ]);
}
