import type { Attributes } from '@opentelemetry/api';

/** The rows a statement returned and how many rows it returned or changed. */
export interface QueryResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

/** Anything statements can run on: a transaction, or a session. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

/** A result with the command tag, which the transaction manager reads to spot a silent rollback. */
export interface SessionResult<Row> extends QueryResult<Row> {
  readonly command: string | undefined;
}

/** One connection held exclusively by one unit of work. */
export interface Session {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<SessionResult<Row>>;
  /** Asks the server to cancel the statement running on this connection, if any (server only). */
  cancel(): void;
  /** Closes the connection instead of reusing it, after a failure left its state unknown (server only). */
  discard(): void;
}

/** Which engine answers: embedded PGlite or a PostgreSQL server. */
export type PostgresKind = 'pglite' | 'server';

/** How the adapters reach the database, whichever engine it is. */
export interface Driver {
  readonly kind: PostgresKind;
  /** What every span of this database carries: `db.system.name`, `db.namespace`, the server's address. */
  readonly attributes: Attributes;
  /** Runs `work` on one connection held for its whole duration. */
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * When the caller runs inside a session that a new one would wait for (PGlite's only connection),
   * queues `work` to run once that session ended and returns its promise; otherwise `undefined`.
   */
  later(work: (session: Session) => Promise<void>): Promise<void> | undefined;
  close(): Promise<void>;
}
