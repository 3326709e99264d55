import { coreErrors, type InvocationContext } from '@opwire/core';
import { PostgresTransaction } from './postgres-transaction.js';

/**
 * The current invocation's PostgreSQL transaction, for a handler or repository to query in:
 * `await sqlOf(context).query('INSERT ...', [value])`. Throws `INVALID_CONFIGURATION` when the
 * app's transactions do not come from `createPostgres()`.
 */
export function sqlOf(context: Pick<InvocationContext, 'transaction' | 'operation'>): PostgresTransaction {
  const { transaction } = context;
  if (PostgresTransaction.isInstance(transaction)) return transaction;
  const reason = transaction
    ? `operation "${context.operation.id}" runs in a ${transaction.constructor.name} transaction, not a PostgreSQL one; pass createPostgres().transactions to createOpwire`
    : `operation "${context.operation.id}" has no open transaction; call sqlOf(context) inside the handler`;
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason } });
}
