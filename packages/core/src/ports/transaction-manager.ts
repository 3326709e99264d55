/** A unit of work that commits or rolls back as a whole; adapters extend it with their own handle. */
export interface Transaction {
  readonly id: string;
  readonly readOnly: boolean;
  /** Runs after the transaction committed (publish events, fill caches). */
  onCommit(callback: () => void): void;
  /** Runs after the transaction rolled back (undo in-memory changes). */
  onRollback(callback: () => void): void;
}

/** Options for one transaction. */
export interface TransactionOptions {
  readonly readOnly: boolean;
  readonly signal?: AbortSignal;
}

/**
 * The port that opens transactions: `run` commits when `work` resolves and rolls back when it
 * rejects or the signal aborts, and resolves (or rejects) once that is done.
 */
export interface TransactionManager {
  run<T>(work: (transaction: Transaction) => Promise<T>, options: TransactionOptions): Promise<T>;
  close?(): Promise<void>;
}
