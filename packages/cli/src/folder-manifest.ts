import { realpath } from 'node:fs/promises';
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
  /** The folder's real path (`realpath`): the same folder named through a symbolic link has the same manifest. */
  readonly folder: string;
  readonly dimensions: number;
}

/** What the manifests of a collection say about one folder. */
export interface FolderManifest {
  /** The document ids the last ingest of this folder stored (empty when it was never ingested). */
  readonly documentIds: readonly string[];
  /** The document ids other folders' manifests hold, each with that folder: they are not this folder's. */
  readonly heldElsewhere: ReadonlyMap<string, string>;
  /**
   * The manifests of this folder stored under another of its paths (a symbolic link to it: before the real path,
   * opwire kept them under the path as typed, made absolute): read as this folder's, replaced when it is written.
   */
  readonly earlierKeys: readonly string[];
}

const documentIdOf = (scope: ManifestScope) => `${manifestPrefix}${scope.folder}`;
const realPathOf = (path: string) => realpath(path).catch(() => undefined);

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
  const folders = await Promise.all(
    records.map(async ({ documentId }) => {
      const folder = documentId.slice(manifestPrefix.length);
      return { folder, ownKey: documentId === own || (await realPathOf(folder)) === scope.folder };
    }),
  );
  const documentIds = new Set<string>();
  const heldElsewhere = new Map<string, string>();
  const earlierKeys: string[] = [];
  records.forEach((record, index) => {
    const { folder, ownKey } = folders[index]!;
    const ids = documentIdsIn(record.text);
    if (!ownKey) for (const id of ids) heldElsewhere.set(id, folder);
    else for (const id of ids) documentIds.add(id);
    if (ownKey && record.documentId !== own) earlierKeys.push(record.documentId);
  });
  return { documentIds: [...documentIds], heldElsewhere, earlierKeys };
}

/**
 * Records the document ids this folder now holds, for the next ingest of it to remove those that went, and removes
 * the manifests it replaces (`earlierKeys`).
 */
export async function writeFolderManifest(
  store: KnowledgeStore,
  scope: ManifestScope,
  manifest: { readonly documentIds: readonly string[]; readonly earlierKeys: readonly string[] },
): Promise<void> {
  const { documentIds, earlierKeys } = manifest;
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
  if (earlierKeys.length === 0) return;
  await store.deleteDocuments({
    collection: scope.collection,
    tenant: manifestTenant,
    documentIds: earlierKeys,
  });
}
