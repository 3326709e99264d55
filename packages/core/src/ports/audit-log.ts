import type { Transaction } from './transaction-manager.js';

/** The outcome recorded for an invocation; `stopped` is a stream its consumer stopped reading. */
export type AuditOutcome = 'ok' | 'error' | 'stopped';

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
  /** The chat conversation, turn and tool call of a call a model made. */
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly toolCallId?: string | undefined;
  readonly outcome: AuditOutcome;
  readonly code?: string | undefined;
  readonly durationMs: number;
}

/** A filter for reading audit records back. */
export interface AuditQuery {
  readonly operationId?: string;
  readonly tenant?: string | undefined;
  readonly invocationId?: string;
  readonly turnId?: string;
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
  /** Appends a record, inside `transaction` when given (then it is kept only if that commits). */
  append(record: AuditRecord, transaction?: Transaction): Promise<void>;
  /** Records matching the query, oldest first (the last `limit` when a limit is given). */
  list(query?: AuditQuery): Promise<AuditRecord[]>;
  /** Removes the records older than `before` (retention) and resolves to how many were removed. */
  trim?(options: AuditTrimOptions): Promise<number>;
}
