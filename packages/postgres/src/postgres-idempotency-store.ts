import { coreErrors, type IdempotencyStore, type Transaction } from '@opwire/core';
import { createPurger } from './middleware-tables.js';
import { PostgresTransaction } from './postgres-transaction.js';

/**
 * Core's `IdempotencyStore` over the `opwire_idempotency` table, written in the call's own transaction:
 * the claim is an insert under the primary key, so a second process's claim of the same key waits for
 * the first transaction and then sees its record (or, after a rollback, claims it itself). Expired records are
 * deleted now and then, in the call's transaction under a savepoint.
 */
export function createPostgresIdempotencyStore(table: string): IdempotencyStore {
  const purge = createPurger(table, 'expires_at');
  const claim = `INSERT INTO ${table} (scope, key, fingerprint, expires_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (scope, key) DO NOTHING RETURNING 1 AS claimed`;
  const read = `SELECT fingerprint, response, response_headers, completed, expires_at FROM ${table}
    WHERE scope = $1 AND key = $2 FOR UPDATE`;
  const renew = `UPDATE ${table} SET fingerprint = $3, response = NULL, response_headers = NULL, completed = false,
    expires_at = $4 WHERE scope = $1 AND key = $2`;
  const complete = `UPDATE ${table} SET response = $3, response_headers = $4, completed = true
    WHERE scope = $1 AND key = $2`;
  return {
    async begin(request, transaction, now) {
      const sql = transactionOf(transaction);
      await purge(now, sql, true);
      const params = [request.scope, request.key, request.fingerprint, request.expiresAt];
      for (;;) {
        if ((await sql.query(claim, params)).rowCount === 1) return undefined;
        const { rows } = await sql.query<{
          fingerprint: string;
          response: string | null;
          response_headers: string | null;
          completed: boolean;
          expires_at: number | string;
        }>(read, [request.scope, request.key]);
        const row = rows[0];
        // Deleted between the two statements (an expired record being renewed elsewhere): try again.
        if (!row) continue;
        if (Number(row.expires_at) <= now || !row.completed) {
          await sql.query(renew, params);
          return undefined;
        }
        return {
          fingerprint: row.fingerprint,
          response: row.response === null ? undefined : JSON.parse(row.response),
          headers: row.response_headers === null ? undefined : JSON.parse(row.response_headers),
        };
      }
    },
    async complete(request, response, transaction, headers) {
      await transactionOf(transaction).query(complete, [
        request.scope,
        request.key,
        JSON.stringify(response) ?? null,
        headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null,
      ]);
    },
  };
}

function transactionOf(transaction: Transaction): PostgresTransaction {
  if (PostgresTransaction.isInstance(transaction)) return transaction;
  throw coreErrors.INVALID_CONFIGURATION({
    params: { reason: 'the PostgreSQL idempotency store needs a transaction from the same createPostgres()' },
  });
}
