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
/** The SQL access the store runs on, over PGlite (with pgvector) or a `pg` pool. */
export { openPgliteClient, openServerClient, type SqlClient, type SqlQuery } from './sql-client.js';
