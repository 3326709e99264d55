import type { AuditRecord } from './ports/audit-log.js';
import type { Transaction, TransactionOptions } from './ports/transaction-manager.js';

/**
 * The key of the synchronous entry points only core's in-memory adapters have. Through them a
 * synchronous handler completes without a promise; every other adapter is plainly asynchronous.
 */
export const immediate: unique symbol = Symbol('opwire.immediate');

/** The in-memory transaction manager's synchronous entry: the value itself when `work` returned one. */
export interface ImmediateTransactions {
  readonly [immediate]: <T>(
    work: (transaction: Transaction) => T | Promise<T>,
    options: TransactionOptions,
  ) => T | Promise<T>;
}

/** The in-memory audit log's synchronous entry. */
export interface ImmediateAuditLog {
  readonly [immediate]: (record: AuditRecord, transaction?: Transaction) => void;
}

/** Whether an adapter has a synchronous entry. */
export function hasImmediate<T extends object>(adapter: object): adapter is T {
  return immediate in adapter;
}
