import type { Logger, Transaction, TransactionManager, TransactionOptions } from '@opwire/core';
import { inTransactionSpan } from './database-spans.js';
import type { Driver, Session } from './driver.js';
import { abortReason, PostgresTransaction } from './postgres-transaction.js';

/** What the transaction manager needs: the driver, a log for failing callbacks, and what `close` closes. */
export interface PostgresTransactionManagerOptions {
  readonly driver: Driver;
  readonly logger: Logger;
  readonly close: () => Promise<void>;
}

/**
 * Creates core's `TransactionManager` over PostgreSQL: `BEGIN` (or `BEGIN READ ONLY`), the work,
 * then `COMMIT`; any failure, an aborted signal or a commit the server turned into a rollback
 * rolls back and rejects. Callbacks run after the connection is given back.
 */
export function createPostgresTransactionManager(
  options: PostgresTransactionManagerOptions,
): TransactionManager {
  const { driver, logger } = options;
  return {
    async run<T>(
      work: (transaction: Transaction) => T | Promise<T>,
      runOptions: TransactionOptions,
    ): Promise<T> {
      const { signal } = runOptions;
      if (signal?.aborted) throw abortReason(signal);
      let transaction: PostgresTransaction | undefined;
      try {
        const result = await inTransactionSpan(driver.attributes, runOptions.readOnly, () =>
          driver.withSession(async (session) => {
            transaction = new PostgresTransaction(session, { readOnly: runOptions.readOnly, signal });
            return runInSession(session, transaction, work, signal);
          }),
        );
        transaction?.settle(logger);
        return result;
      } catch (error) {
        transaction?.close('rolled back');
        transaction?.settle(logger);
        throw signal?.aborted ? abortReason(signal) : error;
      }
    },
    close: options.close,
  };
}

async function runInSession<T>(
  session: Session,
  transaction: PostgresTransaction,
  work: (transaction: Transaction) => T | Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  await session.query(transaction.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
  // On a server, a statement still running when the signal aborts is cancelled rather than waited out.
  const cancel = () => session.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    let result: T;
    try {
      // `work` may answer with a value or throw at once (a synchronous handler): both are awaited alike.
      result = await work(transaction);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    // Checked before COMMIT, never during it: cancelling a commit would leave its outcome unknown.
    if (signal?.aborted) throw abortReason(signal);
    const commit = await session.query('COMMIT');
    if (commit.command === 'ROLLBACK') {
      throw new Error(
        `Transaction ${transaction.id} was rolled back at commit: a statement in it had failed and the error was caught.`,
      );
    }
    transaction.close('committed');
    return result;
  } catch (error) {
    transaction.close('rolled back');
    await session.query('ROLLBACK').catch(() => session.discard());
    throw error;
  }
}
