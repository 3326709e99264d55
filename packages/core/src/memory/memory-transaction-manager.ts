import { type ImmediateTransactions, immediate } from '../immediate.js';
import { isPromise } from '../is-promise.js';
import type { Transaction, TransactionManager, TransactionOptions } from '../ports/transaction-manager.js';

let sequence = 0;

/** An in-process transaction: changes register undo callbacks, and commit callbacks publish them. */
export class MemoryTransaction implements Transaction {
  readonly readOnly: boolean;
  private sequence = 0;
  // The first callback of each kind is kept in a field: most transactions register one or none.
  private firstCommitted: (() => void) | undefined;
  private committed: Array<() => void> | undefined;
  private rolledBack: Array<() => void> | undefined;

  constructor(readOnly: boolean) {
    this.readOnly = readOnly;
  }

  /** Numbered on first use, so a transaction nobody names costs no string. */
  get id(): string {
    if (this.sequence === 0) this.sequence = ++sequence;
    return `mem-${this.sequence}`;
  }

  onCommit(callback: () => void): void {
    if (this.firstCommitted === undefined) this.firstCommitted = callback;
    else if (this.committed) this.committed.push(callback);
    else this.committed = [callback];
  }

  onRollback(callback: () => void): void {
    if (this.rolledBack) this.rolledBack.push(callback);
    else this.rolledBack = [callback];
  }

  /** Runs the commit callbacks; called by the manager. */
  commit(): void {
    if (this.firstCommitted === undefined) return;
    this.firstCommitted();
    if (this.committed) for (const callback of this.committed) callback();
  }

  /** Runs the undo callbacks, newest first; called by the manager. */
  rollback(): void {
    if (this.rolledBack) for (const callback of this.rolledBack.reverse()) callback();
  }
}

/** Creates a transaction manager for one process, with no storage of its own. */
export function createMemoryTransactionManager(): TransactionManager {
  const runNow = <T>(
    work: (transaction: Transaction) => T | Promise<T>,
    options: TransactionOptions,
  ): T | Promise<T> => {
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const transaction = new MemoryTransaction(options.readOnly);
    let pending: T | Promise<T>;
    try {
      pending = work(transaction);
    } catch (error) {
      transaction.rollback();
      return Promise.reject(error);
    }
    // No I/O: work that completed synchronously commits at once and its value is returned as is.
    if (!isPromise(pending)) {
      try {
        return settle(transaction, signal, pending);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return pending.then(
      (result) => settle(transaction, signal, result),
      (error: unknown) => {
        transaction.rollback();
        throw error;
      },
    );
  };
  const manager: TransactionManager & ImmediateTransactions = {
    [immediate]: runNow,
    async run<T>(work: (transaction: Transaction) => Promise<T>, options: TransactionOptions): Promise<T> {
      return runNow(work, options);
    },
  };
  return manager;
}

/** Commits, unless the call was aborted while its work ran: then it rolls back and fails. */
function settle<T>(transaction: MemoryTransaction, signal: AbortSignal | undefined, result: T): T {
  if (signal?.aborted) {
    transaction.rollback();
    throw signal.reason;
  }
  transaction.commit();
  return result;
}
