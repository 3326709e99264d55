import type { SqlClient } from '@opwire/postgres/knowledge';
import { DataError } from './data-error.js';

/**
 * Throws a `DataError` when the collection in the PGlite store in `dataDir` holds vectors of another length than
 * `--dimensions`, before a command reads or writes anything: every write would fail, one file at a time, as
 * every search would. As on Qdrant, where opening the store finds it.
 */
export async function requirePgliteDimensions(options: {
  readonly client: SqlClient;
  readonly dataDir: string;
  readonly collection: string;
  readonly dimensions: number;
}): Promise<void> {
  const [row] = await options.client.query<{ dimensions: number }>(
    'SELECT dimensions FROM opwire_knowledge_chunks WHERE collection = $1 LIMIT 1',
    [options.collection],
  );
  if (row === undefined || Number(row.dimensions) === options.dimensions) return;
  throw new DataError(
    `collection ${options.collection} in --data-dir ${options.dataDir} has vectors of ${row.dimensions} dimensions, not ${options.dimensions}: pass the --dimensions it was made with, or use another --collection`,
  );
}
