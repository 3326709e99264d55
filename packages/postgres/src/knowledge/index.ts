/** The `KnowledgeStore` on PostgreSQL (pgvector + BM25 over pre-segmented terms). */

/** The table, BM25 statistics and index statements, and the backfill of statistics for chunks stored earlier. */
export { knowledgeBackfill, knowledgeSchema } from './knowledge-schema.js';
/** Opens the store on a server or embedded PGlite, and checks a server for pgvector. */
export {
  hasPgvector,
  type OpenKnowledgeStoreOptions,
  openPostgresKnowledgeStore,
} from './open-knowledge-store.js';
export {
  createPostgresKnowledgeStore,
  type PostgresKnowledgeStoreOptions,
} from './postgres-knowledge-store.js';
/** The SQL access the store runs on: over any `Driver`, or opened on PGlite (with pgvector) or a server. */
export {
  createSqlClient,
  openPgliteClient,
  openServerClient,
  type ServerClientOptions,
  type SqlClient,
  type SqlQuery,
} from './sql-client.js';
