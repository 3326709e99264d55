import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';

/** Runs one statement and returns its rows. */
export type SqlQuery = <Row = Record<string, unknown>>(
  sql: string,
  params?: readonly unknown[],
) => Promise<Row[]>;

/** The little the knowledge store needs of PostgreSQL: statements, transactions, close. */
export interface SqlClient {
  readonly kind: 'pglite' | 'server';
  readonly query: SqlQuery;
  transaction<T>(work: (query: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens embedded PGlite with pgvector loaded; without `dataDir` the database lives in memory. */
export async function openPgliteClient(options: { readonly dataDir?: string } = {}): Promise<SqlClient> {
  const database = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    extensions: { vector },
  });
  const run =
    (target: Pick<PGlite, 'query'>): SqlQuery =>
    async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    query: run(database),
    transaction: (work) => database.transaction((transaction) => work(run(transaction))),
    close: () => database.close(),
  };
}

/** Connects to a PostgreSQL server through a `pg` pool. */
export function openServerClient(options: {
  readonly connectionString: string;
  readonly max?: number;
}): SqlClient {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 4 });
  const run =
    (target: pg.Pool | pg.PoolClient): SqlQuery =>
    async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query(sql, params ? [...params] : undefined)).rows as Row[];
  return {
    kind: 'server',
    query: run(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(run(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
