import type { SpanContext } from '@opentelemetry/api';
import { type Caller, coreErrors, isOpwireError, type Locale, type OpwireError } from '@opwire/core';
import type { ModelMessage } from 'ai';
import { aiErrors } from './ai-errors.js';
import type { PendingApproval } from './approvals/approval-store.js';
import type { Approvals } from './approvals/create-approvals.js';
import type { ChatEvent, ChatRequest } from './chat-types.js';
import type { GovernedTurn } from './governance/governed-turn.js';
import { toJsonValue } from './governance/json-value.js';
import { toToolErrorResult } from './tool-result.js';

/** What carrying out a turn's approval decisions gives it: events for the client, messages for the model. */
export interface DecidedApprovals {
  readonly events: ChatEvent[];
  /** Each decided call as a tool call and its result, so the model sees what became of it. */
  readonly messages: ModelMessage[];
}

/**
 * Carries out the caller's decisions on pending approvals, before the model is called: an approved call
 * runs once, as the caller, with its stored arguments (its own failure becomes its result); a declined one
 * never runs. An approval that is not the caller's pending one fails the turn with its `APPROVAL_*` code.
 */
export async function decideApprovals(
  approvals: Approvals,
  request: ChatRequest,
  options: {
    readonly locale: Locale;
    readonly trace: SpanContext;
    readonly governed: GovernedTurn;
    /** The turn's conversation: an approval asked in another one is not decided here. */
    readonly conversationId: string;
  },
): Promise<DecidedApprovals> {
  const events: ChatEvent[] = [];
  const messages: ModelMessage[] = [];
  const decisions = request.approvals ?? [];
  // Every decision is checked before any is carried out: one failing after another ran would fail the turn
  // with that call done, yet never told in its conversation, which would hold it as waiting for good.
  const found: PendingApproval[] = [];
  for (const [index, decision] of decisions.entries()) {
    if (decisions.findIndex((other) => other.approvalId === decision.approvalId) !== index) {
      throw coreErrors.OUT_OF_RANGE({
        field: `approvals[${index}].approvalId`,
        params: {
          expected: {
            en: 'an approval not decided earlier in the same request',
            'zh-CN': '同一请求中未决定过的审批',
          },
        },
      });
    }
    const pending = await approvals.check(decision.approvalId, request.caller);
    // Decided in another conversation, the call and its result would be told to a model that never asked
    // for it, and the conversation that asked would hold it as pending for good.
    if (pending.conversationId !== undefined && pending.conversationId !== options.conversationId) {
      throw aiErrors.APPROVAL_NOT_FOUND({ params: { approvalId: decision.approvalId } });
    }
    found.push(pending);
  }
  for (const [index, decision] of decisions.entries()) {
    const pending = found[index];
    const { output } = await decideApproval(approvals, decision, request.caller, {
      locale: options.locale,
      trace: options.trace,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    // Every decision was found above.
    if (!pending) continue;
    const call = { toolCallId: pending.toolCallId, toolName: pending.toolName };
    options.governed.toolResult({ ...call, output });
    events.push({ type: 'tool-result', ...call, output });
    messages.push(...decidedCallMessages(pending, output));
  }
  return { events, messages };
}

/** What deciding one approval gave: the call's result as the model is told it, and the call's failure, if it failed. */
export interface ApprovalDecision {
  readonly output: unknown;
  readonly failure?: OpwireError;
}

/**
 * Decides one approval as `caller`: approved, the call runs once (its own failure becomes its result, and is
 * given as `failure`); declined, it never runs. An approval that is not the caller's pending one, or a stop,
 * throws.
 */
export async function decideApproval(
  approvals: Approvals,
  decision: { readonly approvalId: string; readonly approved: boolean },
  caller: Caller,
  options: {
    readonly locale: Locale;
    readonly trace?: SpanContext;
    readonly signal?: AbortSignal;
    /** An approved call refused by a rate limit leaves the approval pending (`ai.approve`). */
    readonly keepPendingWhenRateLimited?: boolean;
  },
): Promise<ApprovalDecision> {
  if (!decision.approved) {
    const declined = await approvals.decline(decision.approvalId, caller);
    return { output: { approval: { status: declined.status, approvalId: declined.approvalId } } };
  }
  try {
    const approved = await approvals.approve(decision.approvalId, caller, {
      locale: options.locale,
      ...(options.trace ? { trace: options.trace } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepPendingWhenRateLimited ? { keepPendingWhenRateLimited: true } : {}),
    });
    return { output: approved.output };
  } catch (error) {
    // The approval itself is wrong (not found, settled, expired): that code is the answer.
    if (!isOpwireError(error) || error.code.startsWith('APPROVAL_') || options.signal?.aborted) throw error;
    // The approved call ran and failed: its result says why, as any tool result would.
    return { output: toToolErrorResult(error, options.locale), failure: error };
  }
}

/**
 * How a decided approval is told in its conversation: the call, then its result (the call's output, its
 * failure, or the decline), under the tool call id the model asked with, so the waiting call is answered.
 */
export function decidedCallMessages(pending: PendingApproval, output: unknown): ModelMessage[] {
  const call = { toolCallId: pending.toolCallId, toolName: pending.toolName };
  return [
    { role: 'assistant', content: [{ type: 'tool-call', ...call, input: pending.input }] },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', ...call, output: { type: 'json', value: toJsonValue(output) as never } },
      ],
    },
  ];
}
