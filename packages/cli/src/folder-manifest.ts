import { resolve } from 'node:path';
import { defaultBm25, type KnowledgeStore } from '@opwire/knowledge';

// The CLI's own record lives under a tenant of its own: every search is limited to one tenant, so it is never
// retrieved with, nor counted in the BM25 statistics of, the documents (tenant '').
const manifestTenant = 'opwire-cli';
const manifestTerm = 'opwire-cli-folder-manifest';

/** Which folder's manifest, in which collection, and the collection's vector length. */
export interface ManifestScope {
  readonly collection: string;
  readonly folder: string;
  readonly dimensions: number;
}

const documentIdOf = (scope: ManifestScope) => `folder:${resolve(scope.folder)}`;

/**
 * The document ids `opwire ingest` last stored from this folder into this collection, read through the
 * store's port (which cannot list documents); empty when this folder was never ingested by a CLI that kept one.
 */
export async function readFolderManifest(store: KnowledgeStore, scope: ManifestScope): Promise<string[]> {
  const [record] = await store.searchLexical({
    collection: scope.collection,
    tenant: manifestTenant,
    terms: [{ term: manifestTerm, weight: 1 }],
    top: 1,
    filter: { documentIds: [documentIdOf(scope)] },
    bm25: defaultBm25,
  });
  if (!record) return [];
  const parsed = JSON.parse(record.text) as { documentIds?: unknown };
  return Array.isArray(parsed.documentIds) ? parsed.documentIds.map(String) : [];
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
