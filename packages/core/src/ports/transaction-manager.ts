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
 * The port that opens transactions; `run` commits when `work` completes and rolls back when it
 * throws or rejects (a failure is always a rejection, never a synchronous throw). `work` may complete synchronously, and an adapter with no I/O to wait for (the
 * in-memory one) may then return the value itself rather than a promise; `await` takes either. A
 * promise returned must be a native one (as from an async function).
 */
export interface TransactionManager {
  // A property, not a method: the compiler then checks that an adapter accepts work answering with a value.
  readonly run: <T>(
    work: (transaction: Transaction) => T | Promise<T>,
    options: TransactionOptions,
  ) => T | Promise<T>;
  close?(): Promise<void>;
}
