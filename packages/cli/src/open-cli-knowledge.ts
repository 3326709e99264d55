import {
  type ChunkingOptions,
  createHashingEmbeddingModel,
  createKnowledge,
  createMemoryKnowledgeStore,
  type Knowledge,
  type KnowledgeStore,
} from '@opwire/knowledge';
import {
  createPostgresKnowledgeStore,
  openPgliteClient,
  openPostgresKnowledgeStore,
} from '@opwire/postgres/knowledge';
import { DataError } from './data-error.js';
import { isLockFile, lockDataDir } from './lock-data-dir.js';
import { requirePgliteCollection } from './require-pglite-collection.js';
import { requireQdrantCollection } from './require-qdrant-collection.js';
import { requireDataDirNamed, requireStore, requireStoreOrNew } from './require-store.js';
import { UsageError } from './usage-error.js';

/** The folder the CLI keeps its knowledge database in unless `--data-dir` says otherwise. */
export const defaultDataDir = '.data/knowledge';

/** Where a command's knowledge can live. */
export type CliStore = 'pglite' | 'memory' | 'qdrant';

/** The usage line of a command that can use Qdrant: where the server and its API key come from besides `--url`. */
export const qdrantEnvironment =
  'environment: QDRANT_URL (the Qdrant server when --url is not given), QDRANT_API_KEY (its API key)';

/** The `parseArgs` options every knowledge command shares. */
export const knowledgeArgs = {
  'data-dir': { type: 'string', default: defaultDataDir },
  collection: { type: 'string', default: 'default' },
  dimensions: { type: 'string', default: '384' },
  store: { type: 'string', default: 'pglite' },
  url: { type: 'string' },
} as const;

/** Where a command's knowledge lives and how it is embedded and cut. */
export interface CliKnowledgeOptions {
  /** `pglite` keeps it in `dataDir` (in memory without one); `memory` in this process; `qdrant` on `url`. */
  readonly store: CliStore;
  readonly dataDir?: string;
  /** The Qdrant server (`--url`, else `QDRANT_URL`); its API key comes from `QDRANT_API_KEY`. */
  readonly url?: string;
  /** `--dimensions` as typed: the hashing embedder's vector length. */
  readonly dimensions: string;
  readonly chunking?: ChunkingOptions;
  /** The knowledge collections the command uses; Qdrant keeps one collection each. */
  readonly collections?: readonly string[];
  /** Qdrant: collections of this run only, dropped at close (benchmarks start empty). */
  readonly temporary?: boolean;
  /**
   * Refuse a `dataDir` that is not an existing PGlite database, or a Qdrant collection the server does not have
   * (reading commands never create a store), after the options are checked. Without it, a missing or empty
   * folder becomes a new store and a folder of other files is refused.
   */
  readonly requireExisting?: boolean;
}

/** The opened knowledge pipeline; `close` closes its store. */
export interface CliKnowledge {
  readonly knowledge: Knowledge;
  readonly dimensions: number;
  /** Where the knowledge is, for messages: a folder, a Qdrant collection, or memory. */
  readonly location: string;
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
 * Throws a `UsageError` when `--url` is given but no store in `stores` is Qdrant (it would be ignored), or when it
 * is not an http(s) address.
 */
export function checkUrl(url: string | undefined, stores: readonly CliStore[]): void {
  if (url === undefined) return;
  if (!stores.includes('qdrant')) throw new UsageError('--url names a Qdrant server: add --store qdrant');
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UsageError(`--url must be an http:// or https:// address, not "${url}"`);
  }
}

/** Reads `--store`, or throws a `UsageError` listing the stores the command takes. */
export function parseStore(value: string, allowed: readonly CliStore[]): CliStore {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--store must be one of ${allowed.join(', ')}, not "${value}"`);
  }
  return value as CliStore;
}

/**
 * Throws a `UsageError` naming `--collection` unless `<prefix><name>` is a collection name the Qdrant store takes
 * (letters, digits, `_`, `-` and `.`, 255 at most), before any request: a bad value on the command line.
 */
function requireQdrantName(prefix: string, name: string): void {
  if (/^[A-Za-z0-9_.-]+$/.test(name) && prefix.length + name.length <= 255) return;
  throw new UsageError(
    `--collection must be letters, digits, "_", "-" and "." for Qdrant (${prefix}<collection>, 255 at most), not "${name}"`,
  );
}

/** A store opened for a command, where it is, and the lock on its folder to let go at close. */
interface OpenedStore {
  readonly store: KnowledgeStore;
  readonly location: string;
  readonly release?: () => void;
}

/**
 * Opens the PGlite store in `dataDir` under its lock; a collection of vectors of another length is a `DataError`,
 * and so, with `requireExisting`, is a collection it holds no record of. The lock and the database are let go again
 * when opening fails.
 */
async function openPgliteFolder(
  dataDir: string,
  options: CliKnowledgeOptions,
  dimensions: number,
): Promise<OpenedStore> {
  const release = lockDataDir(dataDir);
  try {
    const client = await openPgliteClient({ dataDir });
    try {
      const store = await createPostgresKnowledgeStore({ client });
      for (const collection of options.collections ?? ['default']) {
        const existing = options.requireExisting === true;
        await requirePgliteCollection({ client, dataDir, collection, dimensions, existing });
      }
      return { store, location: dataDir, release };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

async function openStore(options: CliKnowledgeOptions, dimensions: number): Promise<OpenedStore> {
  if (options.store === 'memory') return { store: createMemoryKnowledgeStore(), location: 'memory' };
  if (options.store === 'pglite') {
    if (options.dataDir === undefined) {
      return { store: await openPostgresKnowledgeStore({}), location: 'PGlite in memory' };
    }
    return openPgliteFolder(options.dataDir, options, dimensions);
  }
  // Checked with the other options: there is a server, and every name is one Qdrant takes.
  const url = qdrantUrlOf(options)!;
  const collectionPrefix = collectionPrefixOf(options);
  const names = options.collections ?? ['default'];
  if (options.requireExisting) {
    for (const name of names) {
      await requireQdrantCollection({
        url,
        apiKey: process.env.QDRANT_API_KEY,
        name: `${collectionPrefix}${name}`,
        collection: name,
      });
    }
  }
  // Loaded only when asked for, so the other stores start without the Qdrant client.
  const { openQdrantKnowledgeStore } = await import('@opwire/qdrant');
  const qdrant = await openQdrantKnowledgeStore({
    url,
    ...(process.env.QDRANT_API_KEY ? { apiKey: process.env.QDRANT_API_KEY } : {}),
    collectionPrefix,
    collections: Object.fromEntries(names.map((name) => [name, { dimensions }])),
  }).catch((error: unknown) => {
    throw mismatchOnCommandLine(error) ?? error;
  });
  const store: KnowledgeStore = options.temporary
    ? { ...qdrant, close: () => qdrant.dropCollections() }
    : qdrant;
  return {
    store,
    location: `Qdrant collection ${names.map((name) => `${collectionPrefix}${name}`).join(', ')}`,
  };
}

/**
 * A collection made for other vectors, said in the command line's words: the store's own message advises a
 * collection prefix, which a command cannot set. Read by shape (`code` and `params`), as errors are reported.
 */
function mismatchOnCommandLine(error: unknown): DataError | undefined {
  const { code, params } = (error ?? {}) as { code?: unknown; params?: Record<string, unknown> };
  if (code !== 'QDRANT_COLLECTION_MISMATCH' || params === undefined) return undefined;
  const { qdrantCollection, collection, actual, expected } = params;
  return new DataError(
    `Qdrant collection ${qdrantCollection} (--collection ${collection}) has ${actual}, not ${expected}: pass the --dimensions it was made with, or use another --collection`,
    { cause: error },
  );
}

/** The Qdrant server a command names: `--url`, else `QDRANT_URL`. */
const qdrantUrlOf = (options: CliKnowledgeOptions) => options.url ?? process.env.QDRANT_URL;

/** What the command's Qdrant collections are called before their names: a run's own when they are temporary. */
const collectionPrefixOf = (options: CliKnowledgeOptions) =>
  options.temporary ? `opwire_run_${process.pid}_${Date.now()}_` : 'opwire_';

/**
 * Checks the options and returns the vector length, touching nothing: a bad value is a `UsageError`, a `dataDir`
 * that cannot be the store (see `requireExisting`) a `DataError`. A command calls it before it reads or lists
 * anything, so a wrong command line prints only what is wrong; `openCliKnowledge` calls it again.
 */
export function checkCliKnowledgeOptions(options: CliKnowledgeOptions): number {
  const dimensions = parseWholeNumber('--dimensions', options.dimensions, { min: 1, max: 4096 });
  requireDataDirNamed(options.dataDir);
  // An empty name would be a collection of its own, which no other command line could name back.
  const blank = options.collections?.find((name) => name.trim() === '');
  if (blank !== undefined) throw new UsageError(`--collection must name a collection, not "${blank}"`);
  if (options.store === 'qdrant') {
    if (!qdrantUrlOf(options)) {
      throw new UsageError('--store qdrant needs --url <http://host:6333> (or QDRANT_URL)');
    }
    const prefix = collectionPrefixOf(options);
    for (const name of options.collections ?? ['default']) requireQdrantName(prefix, name);
  }
  if (options.store === 'pglite' && options.dataDir !== undefined) {
    if (options.requireExisting) {
      requireStore(
        '--data-dir',
        options.dataDir,
        ' (ingest into it first: opwire ingest <dir> --data-dir <folder>)',
      );
    } else requireStoreOrNew('--data-dir', options.dataDir, isLockFile);
  }
  return dimensions;
}

/**
 * Opens the store and the knowledge pipeline over it with the offline hashing embedder. The options are checked
 * first, so a bad value fails with a `UsageError` before any database or folder is touched.
 */
export async function openCliKnowledge(options: CliKnowledgeOptions): Promise<CliKnowledge> {
  const dimensions = checkCliKnowledgeOptions(options);
  const { store, location, release } = await openStore(options, dimensions);
  const knowledge = createKnowledge({
    store,
    embeddingModel: createHashingEmbeddingModel({ dimensions }),
    ...(options.chunking ? { chunking: options.chunking } : {}),
  });
  const close = async () => {
    try {
      await store.close?.();
    } finally {
      release?.();
    }
  };
  return { knowledge, dimensions, location, close };
}
