import type { Driver, Session } from '../driver.js';
import { checkHealth, type PostgresHealth } from '../health.js';
import { loadPglite, loadPgvector } from '../load-pglite.js';
import { createPgliteDriver } from '../pglite-driver.js';
import { createPoolDriver } from '../pool-driver.js';
import { checkPostgresOptions } from '../postgres-options.js';

/** Runs one statement and returns its rows. */
export type SqlQuery = <Row = Record<string, unknown>>(
  sql: string,
  params?: readonly unknown[],
) => Promise<Row[]>;

/** The little the knowledge store needs of PostgreSQL: statements, transactions, health, close. */
export interface SqlClient {
  readonly kind: 'pglite' | 'server';
  readonly query: SqlQuery;
  transaction<T>(work: (query: SqlQuery) => Promise<T>): Promise<T>;
  /** Whether the database answers `SELECT 1` in time; never names the server. */
  health(): Promise<PostgresHealth>;
  close(): Promise<void>;
}

const queryOn =
  (session: Session): SqlQuery =>
  async <Row>(sql: string, params?: readonly unknown[]) =>
    (await session.query<Row>(sql, params)).rows;

/**
 * The knowledge store's SQL access over a `Driver`, so it shares the driver layer's safety: a dropped idle
 * connection never crashes the process, connecting times out with `UNAVAILABLE`, and a connection whose
 * `ROLLBACK` failed is closed instead of going back to the pool.
 */
export function createSqlClient(driver: Driver): SqlClient {
  return {
    kind: driver.kind,
    query: (sql, params) => driver.withSession((session) => queryOn(session)(sql, params)),
    transaction: (work) =>
      driver.withSession(async (session) => {
        await session.query('BEGIN');
        try {
          const result = await work(queryOn(session));
          const commit = await session.query('COMMIT');
          // A failed statement whose error was caught turns COMMIT into ROLLBACK: the work did not happen.
          if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back at commit.');
          return result;
        } catch (error) {
          await session.query('ROLLBACK').catch(() => session.discard());
          throw error;
        }
      }),
    health: () => checkHealth(driver),
    close: () => driver.close(),
  };
}

/** Opens embedded PGlite with pgvector loaded; without `dataDir` the database lives in memory. */
export async function openPgliteClient(options: { readonly dataDir?: string } = {}): Promise<SqlClient> {
  await loadPglite(); // first, so a missing PGlite is named as such rather than as pgvector's failure
  const { vector } = await loadPgvector();
  const driver = await createPgliteDriver({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    extensions: { vector },
  });
  return createSqlClient(driver);
}

/** How to reach a PostgreSQL server. */
export interface ServerClientOptions {
  /** `postgres://...`; anything else fails with `INVALID_CONFIGURATION`. */
  readonly connectionString: string;
  /** Pool size; defaults to 4. */
  readonly max?: number;
  /** How long to wait for a connection before failing with `UNAVAILABLE`; defaults to 10 s. */
  readonly connectionTimeoutMs?: number;
}

/** Connects to a PostgreSQL server through a `pg` pool; bad options fail here with `INVALID_CONFIGURATION`. */
export function openServerClient(options: ServerClientOptions): SqlClient {
  const max = options.max ?? 4;
  checkPostgresOptions({ url: options.connectionString, pool: { max } });
  return createSqlClient(
    createPoolDriver({
      url: options.connectionString,
      max,
      connectionTimeoutMs: options.connectionTimeoutMs,
    }),
  );
}
