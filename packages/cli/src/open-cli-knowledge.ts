import {
  type ChunkingOptions,
  createHashingEmbeddingModel,
  createKnowledge,
  createMemoryKnowledgeStore,
  type Knowledge,
} from '@opwire/knowledge';
import { openPostgresKnowledgeStore } from '@opwire/postgres/knowledge';
import { requireFolder } from './require-folder.js';
import { UsageError } from './usage-error.js';

/** The folder the CLI keeps its knowledge database in unless `--data-dir` says otherwise. */
export const defaultDataDir = '.data/knowledge';

/** The `parseArgs` options every knowledge command shares. */
export const knowledgeArgs = {
  'data-dir': { type: 'string', default: defaultDataDir },
  collection: { type: 'string', default: 'default' },
  dimensions: { type: 'string', default: '384' },
} as const;

/** Where a command's knowledge lives and how it is embedded and cut. */
export interface CliKnowledgeOptions {
  /** `pglite` keeps it in `dataDir` (in memory without one); `memory` keeps it in this process only. */
  readonly store: 'pglite' | 'memory';
  readonly dataDir?: string;
  /** `--dimensions` as typed: the hashing embedder's vector length. */
  readonly dimensions: string;
  readonly chunking?: ChunkingOptions;
  /** Refuse a `dataDir` that does not exist (reading commands never create a store), after the options are checked. */
  readonly requireDataDir?: boolean;
}

/** The opened knowledge pipeline; `close` closes its store. */
export interface CliKnowledge {
  readonly knowledge: Knowledge;
  readonly dimensions: number;
  close(): Promise<void>;
}

/** Reads a whole-number option, or throws a `UsageError` naming the option, the range and what was typed. */
export function parseWholeNumber(option: string, value: string, range: { min: number; max: number }): number {
  const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < range.min || number > range.max) {
    throw new UsageError(
      `${option} must be a whole number from ${range.min} to ${range.max}, not "${value}"`,
    );
  }
  return number;
}

/**
 * Opens the store and the knowledge pipeline over it with the offline hashing embedder. The options are checked
 * first, so a bad value fails with a `UsageError` before any database or folder is touched.
 */
export async function openCliKnowledge(options: CliKnowledgeOptions): Promise<CliKnowledge> {
  const dimensions = parseWholeNumber('--dimensions', options.dimensions, { min: 1, max: 4096 });
  if (options.requireDataDir && options.dataDir !== undefined) {
    requireFolder(
      '--data-dir',
      options.dataDir,
      ' (ingest into it first: opwire ingest <dir> --data-dir <folder>)',
    );
  }
  const store =
    options.store === 'memory'
      ? createMemoryKnowledgeStore()
      : await openPostgresKnowledgeStore(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  const knowledge = createKnowledge({
    store,
    embeddingModel: createHashingEmbeddingModel({ dimensions }),
    ...(options.chunking ? { chunking: options.chunking } : {}),
  });
  return { knowledge, dimensions, close: async () => store.close?.() };
}
