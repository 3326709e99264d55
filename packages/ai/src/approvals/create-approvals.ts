import type { SpanContext } from '@opentelemetry/api';
import { type AnyOperation, type Caller, type Locale, localizeText, type Opwire } from '@opwire/core';
import { aiErrors } from '../ai-errors.js';
import type { ApprovalKey, ApprovalStore, PendingApproval } from './approval-store.js';
import { hashArguments } from './hash-arguments.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';

/** Options for `createApprovals`. */
export interface ApprovalsOptions {
  readonly app: Opwire;
  /** Defaults to an in-memory store. */
  readonly store?: ApprovalStore;
  /** How long a pending approval stays valid; 15 minutes by default. */
  readonly ttlMs?: number;
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
}

/** The outcome of a successful `approve`. */
export interface ApprovedCall {
  readonly toolCallId: string;
  readonly status: 'approved';
  readonly output: unknown;
}

/** Pending tool calls and the only way to run them: approval by the caller who asked. */
export interface Approvals {
  readonly store: ApprovalStore;
  /**
   * Records a pending call and returns the tool result the model sees instead of running it; the same
   * caller repeating a tool-call id rejects with `CONFLICT`.
   */
  request(request: ApprovalRequest): Promise<{ approval: Record<string, unknown> }>;
  /** Runs exactly the pending call, with its stored arguments, as `caller`; fails with an `APPROVAL_*` code otherwise. */
  approve(toolCallId: string, caller: Caller, options?: ApproveOptions): Promise<ApprovedCall>;
  /** Declines a pending call so it can never run. */
  decline(toolCallId: string, caller: Caller): Promise<{ toolCallId: string; status: 'declined' }>;
  /** The caller's calls still waiting for approval, leaving out the expired ones. */
  pending(caller: Caller): Promise<PendingApproval[]>;
}

const pendingMessage = {
  en: 'This action waits for the user to approve it; tell the user what you asked to do.',
  'zh-CN': '此操作正在等待用户批准；请告诉用户你请求执行的操作。',
} as const;

const keyOf = (toolCallId: string, caller: Caller): ApprovalKey => ({
  tenant: caller.tenant,
  principalId: caller.principalId,
  toolCallId,
});

/** Creates the approvals service over a store (in memory by default). */
export function createApprovals(options: ApprovalsOptions): Approvals {
  const store = options.store ?? createMemoryApprovalStore();
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;

  const claim = async (toolCallId: string, caller: Caller): Promise<PendingApproval> => {
    const found = await store.get(keyOf(toolCallId, caller));
    // Someone else's approval looks exactly like a missing one, so ids of other users never leak.
    if (!found || found.principalId !== caller.principalId || found.tenant !== caller.tenant) {
      throw aiErrors.APPROVAL_NOT_FOUND({ params: { toolCallId } });
    }
    if (found.status !== 'pending') {
      throw aiErrors.APPROVAL_ALREADY_SETTLED({ params: { toolCallId, status: found.status } });
    }
    if (Date.parse(found.expiresAt) <= now()) {
      throw aiErrors.APPROVAL_EXPIRED({ params: { toolCallId } });
    }
    return found;
  };

  const settle = async (toolCallId: string, caller: Caller, status: 'approved' | 'declined') => {
    if (!(await store.settle(keyOf(toolCallId, caller), status))) {
      throw aiErrors.APPROVAL_ALREADY_SETTLED({ params: { toolCallId, status: 'settled' } });
    }
  };

  return {
    store,
    async request(request) {
      const createdAt = now();
      const approval: PendingApproval = {
        toolCallId: request.toolCallId,
        toolName: request.toolName,
        operationId: request.operation.id,
        input: request.input,
        inputHash: hashArguments(request.input),
        principalId: request.caller.principalId,
        tenant: request.caller.tenant,
        ...(request.conversationId === undefined ? {} : { conversationId: request.conversationId }),
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: new Date(createdAt + ttlMs).toISOString(),
        status: 'pending',
      };
      await store.save(approval);
      return {
        approval: {
          status: 'pending',
          toolCallId: approval.toolCallId,
          toolName: approval.toolName,
          input: approval.input,
          expiresAt: approval.expiresAt,
          message: localizeText(pendingMessage, request.locale ?? request.caller.locale ?? 'en'),
        },
      };
    },
    async approve(toolCallId, caller, approveOptions = {}) {
      const found = await claim(toolCallId, caller);
      const mismatched =
        hashArguments(found.input) !== found.inputHash ||
        ('input' in approveOptions && hashArguments(approveOptions.input) !== found.inputHash);
      if (mismatched) throw aiErrors.APPROVAL_MISMATCH({ params: { toolCallId } });
      await settle(toolCallId, caller, 'approved');
      const output = await options.app.invoke(found.operationId, found.input, {
        caller,
        origin: {
          surface: 'ai',
          toolCallId,
          ...(found.conversationId === undefined ? {} : { conversationId: found.conversationId }),
        },
        ...(approveOptions.signal ? { signal: approveOptions.signal } : {}),
        ...(approveOptions.locale ? { locale: approveOptions.locale } : {}),
        ...(approveOptions.trace ? { trace: approveOptions.trace } : {}),
      });
      return { toolCallId, status: 'approved', output };
    },
    async decline(toolCallId, caller) {
      await claim(toolCallId, caller);
      await settle(toolCallId, caller, 'declined');
      return { toolCallId, status: 'declined' };
    },
    async pending(caller) {
      const listed = await store.listPending({ principalId: caller.principalId, tenant: caller.tenant });
      return listed.filter((approval) => Date.parse(approval.expiresAt) > now());
    },
  };
}
