import type { FolderManifest } from './folder-manifest.js';

/** What one ingest did with each file of the folder, by document id. */
export interface IngestOutcome {
  /** Files stored now. */
  readonly stored: readonly string[];
  /** Files refused or failed: an earlier version of each, if one was stored, is still there. */
  readonly failed: readonly string[];
  /** Files without text: nothing of them is stored (an earlier version was removed). */
  readonly empty: readonly string[];
  /** Folders under the root that could not be listed. */
  readonly unlisted: readonly string[];
}

/**
 * Of the documents an earlier ingest stored (`manifest.documentIds`), those whose files are gone, and the documents
 * the folder now has stored: those stored now, and those of the earlier ingest still there because their file failed
 * this time. A file never stored is in neither, so its going is never reported as a removal. A document under a
 * folder that could not be listed is not gone: its file may well be there. A document another folder's manifest
 * holds is never gone: it is that folder's now, so this folder only stops holding it.
 */
export function compareManifest(
  manifest: Pick<FolderManifest, 'documentIds' | 'heldElsewhere'>,
  outcome: IngestOutcome,
): { readonly gone: string[]; readonly holds: string[] } {
  const previous = manifest.documentIds;
  const present = new Set([...outcome.stored, ...outcome.failed, ...outcome.empty]);
  const failed = new Set(outcome.failed);
  const hidden = (id: string) => outcome.unlisted.some((folder) => id.startsWith(`${folder}/`));
  const absent = previous.filter((id) => !present.has(id));
  const keptAfterFailing = previous.filter((id) => failed.has(id));
  return {
    gone: absent.filter((id) => !hidden(id) && !manifest.heldElsewhere.has(id)),
    holds: [...outcome.stored, ...keptAfterFailing, ...absent.filter(hidden)],
  };
}
