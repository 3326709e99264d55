import { coreErrors } from '@opwire/core';
import type { Postgres } from '../create-postgres.js';
import type { PostgresTransaction } from '../postgres-transaction.js';

/** Runs one statement and resolves to its rows and count. */
export type Statement = <Row = Record<string, unknown>>(
  sql: string,
  params?: readonly unknown[],
) => Promise<{ rows: Row[]; rowCount: number }>;

/** What the governance stores need of a database: single statements, and transactions for several. */
export interface SqlAccess {
  readonly query: Statement;
  transaction<T>(work: (query: Statement) => Promise<T>): Promise<T>;
}

/** SQL access over an open `createPostgres()`; a unique violation becomes `CONFLICT`. */
export function sqlAccessOf(db: Postgres): SqlAccess {
  return {
    query: async (sql, params) => {
      try {
        return await db.query(sql, params);
      } catch (error) {
        throw toConflict(error);
      }
    },
    transaction: async (work) =>
      db.transactions.run(
        (transaction) => work((sql, params) => (transaction as PostgresTransaction).query(sql, params)),
        { readOnly: false },
      ),
  };
}

/** Whether a database error is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

function toConflict(error: unknown): unknown {
  return isUniqueViolation(error) ? coreErrors.CONFLICT({ cause: error }) : error;
}

/** A timestamp column as an ISO string. */
export function isoOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** `{ [key]: value }` when the column is not null, else `{}`, so absent fields stay absent. */
export function optional<Key extends string, Value>(
  key: Key,
  value: Value | null | undefined,
): { [K in Key]?: Value } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [K in Key]?: Value };
}
