import type { SpanContext } from '@opentelemetry/api';
import {
  type AnyOperation,
  type Caller,
  coreErrors,
  isOpwireError,
  type Locale,
  localizeText,
  type Opwire,
} from '@opwire/core';
import { aiErrors } from '../ai-errors.js';
import { type AiMetrics, createAiMetrics } from '../ai-metrics.js';
import { toJsonValue } from '../governance/json-value.js';
import { ownerOf } from '../governance/owner.js';
import { recordedName, type TurnEventSink } from '../governance/turn-event.js';
import type { ApprovalStore, PendingApproval } from './approval-store.js';
import { hashArguments } from './hash-arguments.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';

/** Options for `createApprovals`. */
export interface ApprovalsOptions {
  readonly app: Opwire;
  /** Defaults to an in-memory store; use a shared one (PostgreSQL) when several processes serve the app. */
  readonly store?: ApprovalStore;
  /** How long a pending approval stays valid; 15 minutes by default. */
  readonly ttlMs?: number;
  /** Pending approvals one caller may have at once; 20 by default. */
  readonly maxPending?: number;
  /** Where `approval_requested`, `approval_approved` and `approval_declined` events go (a `Governance`). */
  readonly events?: TurnEventSink;
  /**
   * Where each step is counted (`opwire.ai.approvals`, whatever surface asked and wherever it is decided); by
   * default the meters of `events` (a `Governance`'s `metrics`), else `createAiMetrics()` on the global provider.
   */
  readonly metrics?: AiMetrics;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/** What a model's call turns into when its operation requires approval. */
export interface ApprovalRequest {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly operation: AnyOperation;
  readonly input: unknown;
  readonly caller: Caller;
  readonly conversationId?: string;
  readonly turnId?: string;
  /** The language of the message the model reads; defaults to the caller's, then English. */
  readonly locale?: Locale;
}

/** How an approval is carried out. */
export interface ApproveOptions {
  /** The arguments the approver saw; when given they must match the stored ones exactly. */
  readonly input?: unknown;
  readonly signal?: AbortSignal;
  readonly locale?: Locale;
  readonly trace?: SpanContext;
  /**
   * When the approved call is refused by a rate limit (`RATE_LIMITED`: it did not run), the approval goes back
   * to pending instead of being spent, and no decision is recorded: the same approval can be approved again
   * after the refusal's `Retry-After`. `ai.approve` sets it; a decision in a chat turn does not (the model is
   * told of the refusal and the call is answered).
   */
  readonly keepPendingWhenRateLimited?: boolean;
}

/** The outcome of a successful `approve`. */
export interface ApprovedCall {
  readonly approvalId: string;
  readonly status: 'approved';
  readonly output: unknown;
}

/** Pending tool calls and the only way to run them: approval by the caller who asked. */
export interface Approvals {
  readonly store: ApprovalStore;
  /**
   * Stores a pending call under a new approval id and returns the tool result the model sees instead of
   * running it; past the caller's cap it rejects with `APPROVAL_LIMIT_REACHED`.
   */
  request(request: ApprovalRequest): Promise<{ approval: Record<string, unknown> }>;
  /**
   * Runs exactly the pending call, once, with its stored arguments, as `caller`; fails with an `APPROVAL_*`
   * code otherwise (unknown and someone else's look alike: `APPROVAL_NOT_FOUND`).
   */
  approve(approvalId: string, caller: Caller, options?: ApproveOptions): Promise<ApprovedCall>;
  /** Declines a pending call so it can never run. */
  decline(approvalId: string, caller: Caller): Promise<{ approvalId: string; status: 'declined' }>;
  /**
   * The caller's pending approval, still open, without deciding it; fails as `approve` and `decline` would
   * (`APPROVAL_NOT_FOUND`, `APPROVAL_ALREADY_SETTLED`, `APPROVAL_EXPIRED`). Lets several decisions be checked
   * before any is carried out.
   */
  check(approvalId: string, caller: Caller): Promise<PendingApproval>;
  /** The caller's calls still waiting for approval, oldest first, leaving out the expired ones. */
  pending(caller: Caller): Promise<PendingApproval[]>;
  /**
   * Counts an approval asked and answered at once outside the store (an MCP client's user answering an
   * elicitation): its `requested` step and the decision, as a stored approval's are counted. Nothing is stored.
   */
  countAnswered(answered: { readonly toolName: string; readonly approved: boolean }): void;
}

const pendingMessage = {
  en: 'This action waits for the user to approve it; tell the user what you asked to do.',
  'zh-CN': '此操作正在等待用户批准；请告诉用户你请求执行的操作。',
} as const;

/**
 * How a settled approval's status reads in each language's `APPROVAL_ALREADY_SETTLED` message (English as the API
 * spells it); `settled` when a lost race does not say which.
 */
const settledWords = {
  approved: { en: 'approved', 'zh-CN': '已批准' },
  declined: { en: 'declined', 'zh-CN': '已拒绝' },
  settled: { en: 'settled', 'zh-CN': '已处理' },
} as const;

const decisions = {
  approval_requested: 'requested',
  approval_approved: 'approved',
  approval_declined: 'declined',
} as const;

/** Creates the approvals service over a store (in memory by default); every step it takes is counted once. */
export function createApprovals(options: ApprovalsOptions): Approvals {
  const store = options.store ?? createMemoryApprovalStore();
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const maxPending = options.maxPending ?? 20;
  if (!Number.isSafeInteger(maxPending) || maxPending < 1 || !(ttlMs > 0)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'approvals: maxPending must be a whole number >= 1 and ttlMs a positive number' },
    });
  }
  const now = options.now ?? Date.now;
  const iso = (time = now()) => new Date(time).toISOString();
  const metrics = options.metrics ?? options.events?.metrics ?? createAiMetrics();

  const claim = async (approvalId: string, caller: Caller): Promise<PendingApproval> => {
    // Someone else's approval looks exactly like a missing one, so ids of other users never leak.
    const found = await store.get(approvalId, ownerOf(caller));
    if (!found) throw aiErrors.APPROVAL_NOT_FOUND({ params: { approvalId } });
    if (found.status !== 'pending') {
      throw aiErrors.APPROVAL_ALREADY_SETTLED({ params: { approvalId, status: settledWords[found.status] } });
    }
    if (Date.parse(found.expiresAt) <= now()) {
      throw aiErrors.APPROVAL_EXPIRED({ params: { approvalId } });
    }
    return found;
  };

  /** Settles the approval and answers the time it was settled at. */
  const settle = async (
    approval: PendingApproval,
    caller: Caller,
    status: 'approved' | 'declined',
  ): Promise<string> => {
    const at = iso();
    if (!(await store.settle(approval.approvalId, ownerOf(caller), { status, at }))) {
      // Lost a race with another settle, or expired in between: re-read to say which.
      await claim(approval.approvalId, caller);
      throw aiErrors.APPROVAL_ALREADY_SETTLED({
        params: { approvalId: approval.approvalId, status: settledWords.settled },
      });
    }
    return at;
  };

  /** Counts a step, of any approval, and records it as an event of the turn that asked, if one did. */
  const record = (
    approval: PendingApproval,
    action: 'approval_requested' | 'approval_approved' | 'approval_declined',
    code?: string,
  ) => {
    metrics.recordApproval({ tool: approval.toolName, decision: decisions[action] });
    if (!options.events || approval.turnId === undefined) return Promise.resolve();
    return options.events.recordEvent({
      turnId: approval.turnId,
      action,
      owner: { tenant: approval.tenant, principalId: approval.principalId },
      ...(approval.conversationId === undefined ? {} : { conversationId: approval.conversationId }),
      toolCallId: approval.toolCallId,
      toolName: approval.toolName,
      ...(code === undefined ? {} : { code }),
      payload: {
        approvalId: approval.approvalId,
        operationId: approval.operationId,
        ...(action === 'approval_requested' ? { input: approval.input, expiresAt: approval.expiresAt } : {}),
      },
    });
  };

  return {
    store,
    async request(request) {
      const createdAt = now();
      const input = toJsonValue(request.input);
      const approval: PendingApproval = {
        approvalId: crypto.randomUUID(),
        // Approvals are found by their own id; the model's call id is kept as text, like the audit trail's.
        toolCallId: recordedName(request.toolCallId),
        toolName: request.toolName,
        operationId: request.operation.id,
        input,
        inputHash: hashArguments(input),
        principalId: request.caller.principalId,
        tenant: request.caller.tenant,
        ...(request.conversationId === undefined ? {} : { conversationId: request.conversationId }),
        ...(request.turnId === undefined ? {} : { turnId: request.turnId }),
        createdAt: iso(createdAt),
        expiresAt: iso(createdAt + ttlMs),
        status: 'pending',
      };
      await store.create(approval, { maxPending, now: iso(createdAt) });
      await record(approval, 'approval_requested');
      return {
        approval: {
          status: 'pending',
          approvalId: approval.approvalId,
          toolName: approval.toolName,
          input: approval.input,
          expiresAt: approval.expiresAt,
          message: localizeText(pendingMessage, request.locale ?? request.caller.locale ?? 'en'),
        },
      };
    },
    async approve(approvalId, caller, approveOptions = {}) {
      const found = await claim(approvalId, caller);
      const mismatched =
        hashArguments(found.input) !== found.inputHash ||
        ('input' in approveOptions && hashArguments(approveOptions.input) !== found.inputHash);
      if (mismatched) throw aiErrors.APPROVAL_MISMATCH({ params: { approvalId } });
      const settledAt = await settle(found, caller, 'approved');
      let code: string | undefined = 'ok';
      try {
        const output = await options.app.invoke(found.operationId, found.input, {
          caller,
          origin: {
            surface: 'ai',
            toolCallId: found.toolCallId,
            ...(found.conversationId === undefined ? {} : { conversationId: found.conversationId }),
            ...(found.turnId === undefined ? {} : { turnId: found.turnId }),
          },
          ...(approveOptions.signal ? { signal: approveOptions.signal } : {}),
          ...(approveOptions.locale ? { locale: approveOptions.locale } : {}),
          ...(approveOptions.trace ? { trace: approveOptions.trace } : {}),
        });
        return { approvalId, status: 'approved', output };
      } catch (error) {
        code = isOpwireError(error) ? error.code : 'INTERNAL';
        // Refused before it ran: the approval is not spent. A store that fails to reopen it leaves it spent,
        // recorded as refused, and the refusal is still the answer.
        if (code === 'RATE_LIMITED' && approveOptions.keepPendingWhenRateLimited) {
          const reopened = await store.reopen(approvalId, ownerOf(caller), { settledAt }).catch(() => false);
          if (reopened) code = undefined;
        }
        throw error;
      } finally {
        if (code !== undefined) await record(found, 'approval_approved', code);
      }
    },
    async decline(approvalId, caller) {
      const found = await claim(approvalId, caller);
      await settle(found, caller, 'declined');
      await record(found, 'approval_declined');
      return { approvalId, status: 'declined' };
    },
    check: claim,
    async pending(caller) {
      return store.listPending(ownerOf(caller), iso());
    },
    countAnswered({ toolName, approved }) {
      metrics.recordApproval({ tool: toolName, decision: 'requested' });
      metrics.recordApproval({ tool: toolName, decision: approved ? 'approved' : 'declined' });
    },
  };
}
