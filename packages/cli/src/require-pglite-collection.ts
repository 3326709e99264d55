import type { SqlClient } from '@opwire/postgres/knowledge';
import { DataError } from './data-error.js';

/**
 * Throws a `DataError` naming the collection when the PGlite store in `dataDir` holds no record of it, so asking
 * a mistyped `--collection` is an error, as it is on Qdrant, instead of an empty answer. Every `opwire ingest`
 * leaves a record in its collection (the folder's manifest), even when it stored no document.
 */
export async function requirePgliteCollection(options: {
  readonly client: SqlClient;
  readonly dataDir: string;
  readonly collection: string;
}): Promise<void> {
  const rows = await options.client.query(
    'SELECT 1 FROM opwire_knowledge_chunks WHERE collection = $1 LIMIT 1',
    [options.collection],
  );
  if (rows.length > 0) return;
  throw new DataError(
    `collection ${options.collection} does not exist in --data-dir ${options.dataDir} (ingest into it first: opwire ingest <dir> --data-dir <folder> --collection ${options.collection})`,
  );
}
