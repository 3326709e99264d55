import type { Owner } from '../governance/owner.js';

/** Where an approval stands. */
export type ApprovalStatus = 'pending' | 'approved' | 'declined';

/** A tool call a model made that waits for its user's approval before it runs (and, later, how it was settled). */
export interface PendingApproval {
  /** Minted by the server; the only key an approval is found by. */
  readonly approvalId: string;
  /** The model's own id for the call, kept only as a reference (models reuse ids such as `call_0`). */
  readonly toolCallId: string;
  readonly toolName: string;
  readonly operationId: string;
  /** The exact arguments the operation will run with once approved (plain JSON). */
  readonly input: unknown;
  /** SHA-256 of the canonical JSON of `input`, checked again before the call runs. */
  readonly inputHash: string;
  readonly principalId: string;
  readonly tenant: string;
  readonly conversationId?: string;
  readonly turnId?: string;
  /** ISO timestamps. */
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly status: ApprovalStatus;
  readonly settledAt?: string;
}

/**
 * The port that keeps approvals, shared by every process on one store: servers hold none of them in
 * memory between requests, and a restart loses none.
 */
export interface ApprovalStore {
  /**
   * Stores a new pending approval, unless its owner already has `maxPending` approvals pending and unexpired
   * at `now`: that rejects with `APPROVAL_LIMIT_REACHED` and stores nothing, atomically even across
   * processes. An approval id used before rejects with `CONFLICT`.
   */
  create(
    approval: PendingApproval,
    limit: { readonly maxPending: number; readonly now: string },
  ): Promise<void>;
  /** The owner's approval; `undefined` for an unknown id and for anyone else's. */
  get(approvalId: string, owner: Owner): Promise<PendingApproval | undefined>;
  /**
   * Atomically moves the owner's approval from pending to `status`, when it has not expired at `at`;
   * `false` when it was not the owner's, no longer pending or expired. Of concurrent settles one wins.
   */
  settle(
    approvalId: string,
    owner: Owner,
    change: { readonly status: 'approved' | 'declined'; readonly at: string },
  ): Promise<boolean>;
  /**
   * Atomically moves the owner's approval, approved at `settledAt`, back to pending: its call was refused
   * before it ran (a rate limit), so the same decision may be sent again. `false` when it is not the owner's,
   * not approved, or was settled at another time.
   */
  reopen(approvalId: string, owner: Owner, change: { readonly settledAt: string }): Promise<boolean>;
  /** The owner's approvals still pending and unexpired at `now`, oldest first. */
  listPending(owner: Owner, now: string): Promise<PendingApproval[]>;
}
