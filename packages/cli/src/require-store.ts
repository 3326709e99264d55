import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataError } from './data-error.js';
import { requireFolder } from './require-folder.js';
import { UsageError } from './usage-error.js';

/** Throws a `UsageError` when `--data-dir` was given as an empty string (PGlite would quietly use memory). */
export function requireDataDirNamed(dataDir: string | undefined): void {
  if (dataDir?.trim() === '') throw new UsageError('--data-dir must name a folder, not ""');
}

/** Whether a folder holds a PGlite database (every PostgreSQL data folder has `PG_VERSION`). */
function isPgliteFolder(path: string): boolean {
  return existsSync(join(path, 'PG_VERSION'));
}

/**
 * Throws a `DataError` naming the option unless `path` is an existing PGlite database folder; creates nothing.
 * What reading or trimming commands open, so a mistyped folder is an error instead of a new empty database.
 */
export function requireStore(option: string, path: string, hint = ''): void {
  requireFolder(option, path, hint);
  if (!isPgliteFolder(path)) throw new DataError(`${option} ${path} is not a PGlite database folder${hint}`);
}

/**
 * Throws a `DataError` unless `path` can hold a new or existing database: missing, an empty folder, or a PGlite
 * database folder. A folder of other files (`--data-dir ./docs` by mistake) is never written into.
 */
export function requireStoreOrNew(
  option: string,
  path: string,
  ignored: (name: string) => boolean = () => false,
): void {
  if (!existsSync(path)) return;
  requireFolder(option, path);
  if (isPgliteFolder(path)) return;
  if (readdirSync(path).some((name) => !ignored(name))) {
    throw new DataError(
      `${option} ${path} holds other files and no PGlite database; name a new or empty folder for the store`,
    );
  }
}
