import type { Transaction, TransactionManager, TransactionOptions } from '../ports/transaction-manager.js';

let sequence = 0;

/** An in-process transaction: changes register undo callbacks, and commit callbacks publish them. */
export class MemoryTransaction implements Transaction {
  readonly id = `mem-${++sequence}`;
  readonly readOnly: boolean;
  private committed: Array<() => void> = [];
  private rolledBack: Array<() => void> = [];

  constructor(readOnly: boolean) {
    this.readOnly = readOnly;
  }

  onCommit(callback: () => void): void {
    this.committed.push(callback);
  }

  onRollback(callback: () => void): void {
    this.rolledBack.push(callback);
  }

  /** Runs the commit callbacks; called by the manager. */
  commit(): void {
    for (const callback of this.committed) callback();
  }

  /** Runs the undo callbacks, newest first; called by the manager. */
  rollback(): void {
    for (const callback of this.rolledBack.reverse()) callback();
  }
}

/** Creates a transaction manager for one process, with no storage of its own. */
export function createMemoryTransactionManager(): TransactionManager {
  return {
    async run<T>(work: (transaction: Transaction) => Promise<T>, options: TransactionOptions): Promise<T> {
      options.signal?.throwIfAborted();
      const transaction = new MemoryTransaction(options.readOnly);
      let result: T;
      try {
        result = await work(transaction);
        // A call aborted while its work ran must not commit, even if the work ignored the signal.
        options.signal?.throwIfAborted();
      } catch (error) {
        transaction.rollback();
        throw error;
      }
      transaction.commit();
      return result;
    },
  };
}
