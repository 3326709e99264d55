import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { IngestDocument } from '@opwire/knowledge';
import { mapConcurrently } from '../map-concurrently.js';
import { knowledgeArgs, openCliKnowledge, parseStore } from '../open-cli-knowledge.js';
import { requireFolder } from '../require-folder.js';

/** What `opwire ingest --help` prints. */
export const usage =
  'usage: opwire ingest <dir> [--store pglite|qdrant] [--data-dir .data/knowledge] [--url <qdrant>] [--collection default] [--dimensions 384]';

// Files read at once: enough to keep the disk busy, far below any open-file limit (macOS defaults to 256).
const filesReadAtOnce = 16;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) => entry.isFile() && ['.md', '.markdown', '.txt'].includes(extname(entry.name).toLowerCase()),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Reads a text file as a document: id and source are its path in the folder, title its first heading. */
export async function readDocument(root: string, path: string): Promise<IngestDocument> {
  const text = await readFile(path, 'utf8');
  const documentId = relative(root, path).split('\\').join('/');
  const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
  return { documentId, text, source: documentId, ...(heading ? { title: heading } : {}) };
}

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: knowledgeArgs,
  });
  const [directory] = positionals;
  if (!directory) {
    console.error(usage);
    return 2;
  }
  requireFolder('folder', directory);
  const files = await listFiles(directory);
  const store = parseStore(values.store, ['pglite', 'qdrant']);
  const { knowledge, location, close } = await openCliKnowledge({
    store,
    dataDir: values['data-dir'],
    ...(values.url ? { url: values.url } : {}),
    collections: [values.collection],
    dimensions: values.dimensions,
  });
  try {
    const documents = await mapConcurrently(files, filesReadAtOnce, async (file) => ({
      ...(await readDocument(directory, file)),
      collection: values.collection,
    }));
    const started = performance.now();
    const results = await knowledge.ingest(documents, {
      onProgress: (progress) => {
        if (progress.phase === 'writing' && progress.done % 100 === 0)
          console.error(`  ${progress.done}/${progress.total} documents`);
      },
    });
    let failed = 0;
    for (const result of results) {
      if (result.error) failed++;
      console.log(
        `${result.error ? 'FAILED' : 'ok    '} ${result.documentId}: ${result.chunks} chunks${result.error ? ` (${result.error.code}: ${result.error.message})` : ''}`,
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `ingested ${results.length - failed}/${results.length} documents into ${location} in ${seconds.toFixed(2)} s`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await close();
  }
}
