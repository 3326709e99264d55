/** Opening PostgreSQL (server or embedded PGlite) with core's ports over it. */
export { createPostgres, type Postgres } from './create-postgres.js';
/** Which engine answers and what a statement returns. */
export type { PostgresKind, QueryResult } from './driver.js';
/** The result of `health()`: ready, or degraded with a code. */
export type { PostgresHealth } from './health.js';
/** Options of `createPostgres`, and the check it runs on them before anything is opened. */
export { checkPostgresOptions, type PostgresOptions } from './postgres-options.js';
/** A transaction you can query in; implements core's `Transaction`. */
export { PostgresTransaction } from './postgres-transaction.js';
/** The current invocation's PostgreSQL transaction, or a clear `INVALID_CONFIGURATION` error. */
export { sqlOf } from './sql-of.js';
