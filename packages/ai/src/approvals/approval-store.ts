/** Where a pending approval stands. */
export type ApprovalStatus = 'pending' | 'approved' | 'declined';

/** A tool call a model made that waits for the user's approval before it runs. */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly operationId: string;
  /** The exact arguments the operation will run with once approved. */
  readonly input: unknown;
  /** SHA-256 of the canonical JSON of `input`, checked again before the call runs. */
  readonly inputHash: string;
  readonly principalId: string;
  readonly tenant: string;
  readonly conversationId?: string;
  /** ISO timestamps. */
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly status: ApprovalStatus;
}

/**
 * What identifies one approval: its owner and the provider's tool-call id. Providers reuse ids such
 * as `call_0`, so the same id of two callers names two different approvals.
 */
export interface ApprovalKey {
  readonly tenant: string;
  readonly principalId: string;
  readonly toolCallId: string;
}

/** The port that keeps pending approvals; servers hold none of them in memory between requests. */
export interface ApprovalStore {
  /** Stores a new pending approval; a second one with the same key rejects with `CONFLICT`. */
  save(approval: PendingApproval): Promise<void>;
  get(key: ApprovalKey): Promise<PendingApproval | undefined>;
  /** Atomically moves a pending approval to `status`; `false` when it was no longer pending. */
  settle(key: ApprovalKey, status: Exclude<ApprovalStatus, 'pending'>): Promise<boolean>;
  /** The pending approvals of one principal in one tenant, oldest first. */
  listPending(owner: { readonly principalId: string; readonly tenant: string }): Promise<PendingApproval[]>;
}
