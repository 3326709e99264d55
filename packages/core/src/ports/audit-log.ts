import type { Transaction } from './transaction-manager.js';

/** The outcome recorded for an invocation. */
export type AuditOutcome = 'ok' | 'error';

/** One invocation's audit record. It holds identities and codes, never request payloads or secrets. */
export interface AuditRecord {
  readonly id: string;
  readonly at: string;
  readonly operationId: string;
  readonly invocationId: string;
  readonly parentInvocationId?: string | undefined;
  readonly traceId?: string | undefined;
  readonly principalId?: string | undefined;
  readonly tenant?: string | undefined;
  readonly origin: string;
  readonly outcome: AuditOutcome;
  readonly code?: string | undefined;
  readonly durationMs: number;
}

/** A filter for reading audit records back. */
export interface AuditQuery {
  readonly operationId?: string;
  readonly tenant?: string | undefined;
  readonly invocationId?: string;
  readonly limit?: number;
}

/** Which records a retention trim removes: those older than `before`, of one tenant when given. */
export interface AuditTrimOptions {
  /** ISO timestamp; records whose `at` is earlier are removed. */
  readonly before: string;
  readonly tenant?: string;
}

/** The port that keeps audit records; appending inside a transaction commits or rolls back with it. */
export interface AuditLog {
  /**
   * Appends a record (inside `transaction`, when given). An adapter with no I/O to wait for (the
   * in-memory one) returns nothing; others return a native promise. `await` takes either.
   */
  append(record: AuditRecord, transaction?: Transaction): Promise<void> | undefined;
  list(query?: AuditQuery): Promise<AuditRecord[]>;
  /** Removes the records older than `before` (retention) and resolves to how many were removed. */
  trim?(options: AuditTrimOptions): Promise<number>;
}
