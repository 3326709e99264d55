import type { AuditLog } from '../ports/audit-log.js';
import type { Transaction, TransactionManager } from '../ports/transaction-manager.js';

/**
 * What an adapter hands the port conformance suite: its transaction manager and audit log, plus a
 * way to write inside a transaction and read back what was committed, so the suite can see
 * rollbacks without knowing the adapter's storage.
 */
export interface PortHarness {
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  /** Writes one row keyed `key` inside `transaction`, the way an application's repository would. */
  write(transaction: Transaction, key: string): Promise<void>;
  /** The keys of every write that committed so far. */
  committedKeys(): Promise<readonly string[]>;
  /** Releases what `setup` opened; called once after the suite. */
  close(): Promise<void>;
}

/** Creates a fresh harness; called once per suite. */
export type PortHarnessSetup = () => Promise<PortHarness>;

/** The cases of the port conformance suite, by id, for listing skips. */
export type PortConformanceCase =
  | 'transaction.commit'
  | 'transaction.rollback'
  | 'transaction.on-commit'
  | 'transaction.on-rollback'
  | 'transaction.read-only'
  | 'transaction.synchronous-throw'
  | 'transaction.ids'
  | 'transaction.concurrent'
  | 'transaction.abort-during-work'
  | 'transaction.abort-before-start'
  | 'audit.round-trip'
  | 'audit.filters'
  | 'audit.order-and-limit'
  | 'audit.trim'
  | 'pipeline.write-ok'
  | 'pipeline.read-ok'
  | 'pipeline.handler-error'
  | 'pipeline.validation-error'
  | 'pipeline.throw-after-write'
  | 'pipeline.denied'
  | 'pipeline.nested-rollback'
  | 'pipeline.nested-read'
  | 'pipeline.middleware-refusal'
  | 'pipeline.inside-middleware-failure'
  | 'pipeline.outside-middleware-after-commit';

/** Options for a conformance suite: cases an adapter cannot meet, each with the reason written out. */
export interface PortConformanceOptions {
  readonly skip?: Partial<Record<PortConformanceCase, string>>;
}
