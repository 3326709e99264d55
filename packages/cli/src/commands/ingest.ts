import { isUtf8 } from 'node:buffer';
import { readFile, realpath } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { badTextIn } from '@opwire/core';
import { findMarkdownTitle, type IngestDocument, type IngestResult, type Knowledge } from '@opwire/knowledge';
import { compareManifest, type IngestOutcome } from '../compare-manifest.js';
import {
  type FolderManifest,
  type ManifestScope,
  readFolderManifest,
  writeFolderManifest,
} from '../folder-manifest.js';
import { listTextFiles } from '../list-text-files.js';
import { mapConcurrently } from '../map-concurrently.js';
import {
  checkCliKnowledgeOptions,
  checkUrl,
  knowledgeArgs,
  openCliKnowledge,
  parseStore,
  qdrantEnvironment,
} from '../open-cli-knowledge.js';
import { printableName } from '../printable-name.js';
import { requireFolder } from '../require-folder.js';
import { UsageError } from '../usage-error.js';
import { whyUnreadable } from '../why-unreadable.js';

/** What `opwire ingest --help` prints. */
export const usage = `usage: opwire ingest <dir> [--store pglite|qdrant] [--data-dir .data/knowledge] [--url <qdrant>] [--collection default] [--dimensions 384]
${qdrantEnvironment}`;

// Files read at once: enough to keep the disk busy, far below any open-file limit (macOS defaults to 256).
const filesReadAtOnce = 16;

/** A file read for ingest: its document, or why it is refused. */
export type ReadFile =
  | { readonly documentId: string; readonly document: IngestDocument }
  | { readonly documentId: string; readonly refused: string };

/**
 * Reads a text file as a document: id and source are its path in the folder, title its first `# ` heading with
 * text outside fenced code blocks (`findMarkdownTitle`; none, and the name stands for it, when there is none). A file
 * that cannot be read (a name that is not UTF-8), is not UTF-8 or holds a NUL character (a binary file) is refused
 * with the reason; a UTF-8 BOM is dropped.
 */
export async function readDocument(root: string, path: string): Promise<ReadFile> {
  const documentId = relative(root, path).split('\\').join('/');
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { documentId, refused: whyUnreadable(documentId, error) };
  }
  if (!isUtf8(bytes)) return { documentId, refused: 'not UTF-8 text (save it as UTF-8 to ingest it)' };
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (badTextIn(text) === 'NUL_CHARACTER') {
    return { documentId, refused: 'contains a NUL character (a binary file?)' };
  }
  const heading = findMarkdownTitle(text);
  return {
    documentId,
    document: { documentId, text, source: documentId, ...(heading ? { title: heading } : {}) },
  };
}

/**
 * Refuses a file whose document id another folder's manifest holds: storing it would overwrite that folder's
 * document, and a later ingest of either folder would remove the other's.
 */
function refuseHeldElsewhere(file: ReadFile, heldElsewhere: ReadonlyMap<string, string>): ReadFile {
  const folder = heldElsewhere.get(file.documentId);
  if (folder === undefined || 'refused' in file) return file;
  return {
    documentId: file.documentId,
    refused: `already ingested from ${printableName(folder)} (ingest into another --collection or --data-dir to keep both)`,
  };
}

/**
 * Prints a line per file, in folder order: its chunks, why it failed, or that it holds no text (nothing of it is
 * stored, and the pipeline removes the version an earlier ingest stored, which is then said). Returns which files
 * were stored, failed or empty, and which of the empty ones had a version removed.
 */
function report(read: readonly ReadFile[], results: readonly IngestResult[], before: ReadonlySet<string>) {
  const ingested = new Map(results.map((result) => [result.documentId, result]));
  const outcome = { stored: [] as string[], failed: [] as string[], empty: [] as string[], emptied: 0 };
  for (const file of read) {
    const result = ingested.get(file.documentId);
    const name = printableName(file.documentId);
    if ('refused' in file) {
      outcome.failed.push(file.documentId);
      console.log(`FAILED ${name}: ${file.refused}; not ingested`);
    } else if (result?.error) {
      outcome.failed.push(file.documentId);
      console.log(`FAILED ${name}: ${result.chunks} chunks (${result.error.code}: ${result.error.message})`);
    } else if (!result?.chunks) {
      outcome.empty.push(file.documentId);
      if (before.has(file.documentId)) {
        outcome.emptied += 1;
        console.log(`removed ${name}: it holds no text now; the version ingested before is removed`);
      } else console.log(`skipped ${name}: it holds no text; not ingested`);
    } else {
      outcome.stored.push(file.documentId);
      console.log(`ok     ${name}: ${result.chunks} chunks`);
    }
  }
  return outcome;
}

/**
 * Removes the documents an earlier ingest stored from this folder whose files are gone (none another folder holds),
 * printing each, then records what the folder has stored now. Returns how many were removed.
 */
async function removeGone(
  knowledge: Knowledge,
  scope: ManifestScope,
  manifest: FolderManifest,
  outcome: IngestOutcome,
) {
  const { gone, holds } = compareManifest(manifest, outcome);
  if (gone.length > 0) await knowledge.remove(scope.collection, gone);
  for (const documentId of gone) {
    console.log(`removed ${printableName(documentId)}: its file is no longer in the folder`);
  }
  await writeFolderManifest(knowledge.store, scope, {
    documentIds: holds,
    earlierKeys: manifest.earlierKeys,
  });
  return gone.length;
}

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: knowledgeArgs,
  });
  const [directory, extra] = positionals;
  if (!directory) throw new UsageError('name the folder to ingest: opwire ingest <dir>');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' (ingest takes one folder)`);
  const store = parseStore(values.store, ['pglite', 'qdrant']);
  checkUrl(values.url, [store]);
  const options = {
    store,
    dataDir: values['data-dir'],
    ...(values.url ? { url: values.url } : {}),
    collections: [values.collection],
    dimensions: values.dimensions,
  };
  // Every option is checked before the folder is listed: a wrong command line prints only what is wrong.
  checkCliKnowledgeOptions(options);
  requireFolder('folder', directory);
  // Opened before the folder is listed: a store this command cannot use (locked, other --dimensions) is the only
  // thing it prints.
  const { knowledge, dimensions, location, close } = await openCliKnowledge(options);
  try {
    const { files, skipped, unlisted } = await listTextFiles(directory);
    for (const link of skipped) console.log(`skipped ${printableName(link.split('\\').join('/'))}`);
    const folders = unlisted.map(({ folder }) => folder.split('\\').join('/'));
    unlisted.forEach(({ why }, index) => {
      console.log(`FAILED ${printableName(folders[index] ?? '')}/: ${why}; nothing in it ingested`);
    });
    const scope = { collection: values.collection, folder: await realpath(directory), dimensions };
    const manifest = await readFolderManifest(knowledge.store, scope);
    const read = await mapConcurrently(files, filesReadAtOnce, async (file) =>
      refuseHeldElsewhere(await readDocument(directory, file), manifest.heldElsewhere),
    );
    const documents = read.flatMap((file) =>
      'document' in file ? [{ ...file.document, collection: values.collection }] : [],
    );
    const started = performance.now();
    const results = await knowledge.ingest(documents, {
      onProgress: (progress) => {
        if (progress.phase === 'writing' && progress.done % 100 === 0)
          console.error(`  ${progress.done}/${progress.total} documents`);
      },
    });
    const outcome = report(read, results, new Set(manifest.documentIds));
    const removed = await removeGone(knowledge, scope, manifest, { ...outcome, unlisted: folders });
    const seconds = (performance.now() - started) / 1000;
    const failed = outcome.failed.length;
    const empty = outcome.empty.length;
    const skippedEmpty = empty - outcome.emptied;
    const considered = read.length - empty;
    console.log(
      `ingested ${considered - failed}/${considered} documents into ${location} in ${seconds.toFixed(2)} s${skippedEmpty > 0 ? `; skipped ${skippedEmpty} without text` : ''}${outcome.emptied > 0 ? `; removed ${outcome.emptied} now without text` : ''}${removed > 0 ? `; removed ${removed} whose files are gone` : ''}`,
    );
    return failed === 0 && folders.length === 0 ? 0 : 1;
  } finally {
    await close();
  }
}
