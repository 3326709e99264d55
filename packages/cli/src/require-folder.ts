import { statSync } from 'node:fs';
import { DataError } from './data-error.js';

/** Throws a `DataError` naming the option unless `path` is an existing folder; creates nothing. */
export function requireFolder(option: string, path: string, hint = ''): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) throw new DataError(`${option} ${path} does not exist${hint}`);
  if (!stats.isDirectory()) throw new DataError(`${option} ${path} is not a folder`);
}
