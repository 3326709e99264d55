import type { SqlClient } from '@opwire/postgres/knowledge';
import { DataError } from './data-error.js';

/**
 * Checks a collection of the PGlite store in `dataDir` before a command reads or writes anything, with one
 * query, throwing a `DataError` that names it:
 * - with `existing`, when the store holds no record of it, so asking a mistyped `--collection` is an error, as it
 *   is on Qdrant, instead of an empty answer (every `opwire ingest` leaves a record in its collection, the
 *   folder's manifest, even when it stored no document);
 * - when it holds vectors of another length than `--dimensions`: every write would fail, one file at a time, as
 *   every search would. As on Qdrant, where opening the store finds it.
 */
export async function requirePgliteCollection(options: {
  readonly client: SqlClient;
  readonly dataDir: string;
  readonly collection: string;
  readonly dimensions: number;
  readonly existing: boolean;
}): Promise<void> {
  const [row] = await options.client.query<{ dimensions: number }>(
    'SELECT dimensions FROM opwire_knowledge_chunks WHERE collection = $1 LIMIT 1',
    [options.collection],
  );
  if (row === undefined) {
    if (!options.existing) return;
    throw new DataError(
      `collection ${options.collection} does not exist in --data-dir ${options.dataDir} (ingest into it first: opwire ingest <dir> --data-dir <folder> --collection ${options.collection})`,
    );
  }
  if (Number(row.dimensions) === options.dimensions) return;
  throw new DataError(
    `collection ${options.collection} in --data-dir ${options.dataDir} has vectors of ${row.dimensions} dimensions, not ${options.dimensions}: pass the --dimensions it was made with, or use another --collection`,
  );
}
