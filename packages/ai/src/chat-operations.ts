import {
  type AnyErrorEntry,
  type AnyOperation,
  type Caller,
  coreErrors,
  defineOperation,
  type InvocationContext,
  isOpwireError,
} from '@opwire/core';
import Type, { type Static } from 'typebox';
import { aiErrors } from './ai-errors.js';
import type { Approvals } from './approvals/create-approvals.js';
import { ApprovalId, chatEventSchema, chatRequestSchema, type chatResponseSchema } from './chat-schemas.js';
import type { ChatEvent, ChatResult } from './chat-types.js';
import type { Chat } from './create-chat.js';
import { ownerOf } from './governance/owner.js';
import { decideApproval, decidedCallMessages } from './turn-approvals.js';

/** What deciding an approval reads of the approval operation's context. */
type DecidingContext = Pick<InvocationContext, 'locale' | 'signal' | 'trace' | 'logger'> & {
  readonly caller: Caller;
};

/** Options for `createChatOperations`; pass functions when the chat is created after the app. */
export interface ChatOperationsOptions {
  readonly chat: Chat | (() => Chat);
  /** Defaults to the chat catalog's approvals. */
  readonly approvals?: Approvals | (() => Approvals);
  /**
   * The errors a call that waits for approval may end with (its operation's `errors`, such as the shop's
   * `ORDER_NOT_CANCELLABLE`): `ai.approve` answers the approved call's failure as the call would, so its
   * OpenAPI entry declares them beside the `APPROVAL_*` codes.
   */
  readonly approvedCallErrors?: readonly AnyErrorEntry[];
}

const approvalErrors = [
  aiErrors.APPROVAL_NOT_FOUND,
  aiErrors.APPROVAL_EXPIRED,
  aiErrors.APPROVAL_ALREADY_SETTLED,
  aiErrors.APPROVAL_MISMATCH,
];
const approvalCodes = new Set<string>(approvalErrors.map((entry) => entry.code));

/**
 * The operations `ai.chat` (a streaming operation: `POST /ai/chat/stream` as server-sent events, and
 * `POST /ai/chat` as one JSON answer through `chatJsonRoute`), `ai.approve` and `ai.decline`, served over
 * HTTP only: a model can never call the chat or approve its own calls.
 */
export function createChatOperations(options: ChatOperationsOptions): AnyOperation[] {
  const chatOf = () => (typeof options.chat === 'function' ? options.chat() : options.chat);
  const approvalsOf = () =>
    options.approvals === undefined
      ? chatOf().catalog.approvals
      : typeof options.approvals === 'function'
        ? options.approvals()
        : options.approvals;
  const approvalId = Type.Object({ approvalId: ApprovalId });

  const chat = defineOperation({
    id: 'ai.chat',
    summary: { en: 'Chat with the assistant', 'zh-CN': '与助手对话' },
    description: {
      en: 'Runs one chat turn as the caller, streaming text and tool events; the model can only use the tools the caller may call.',
      'zh-CN': '以调用者身份运行一轮对话，流式返回文本和工具事件；模型只能使用调用者有权调用的工具。',
    },
    request: chatRequestSchema,
    response: chatEventSchema,
    stream: true,
    expose: ['http'],
    errors: [
      coreErrors.MISSING_FIELD,
      coreErrors.NOT_FOUND,
      coreErrors.PERMISSION_DENIED,
      aiErrors.UNKNOWN_TOOL,
      aiErrors.GUARDRAIL_REJECTED,
      aiErrors.CHAT_NOT_CONFIGURED,
      aiErrors.PROVIDER_FAILED,
      aiErrors.PROVIDER_REJECTED,
      aiErrors.PROVIDER_TIMEOUT,
      aiErrors.PROMPT_NOT_FOUND,
      aiErrors.BUDGET_EXCEEDED,
      aiErrors.ANSWER_NOT_REPLACEABLE,
      aiErrors.QUESTION_NOT_FOUND,
      aiErrors.QUESTION_NOT_EDITABLE,
      aiErrors.FIELD_NEEDS_TRUE,
      aiErrors.FIELD_EXCLUDES,
      ...approvalErrors,
    ],
    http: { method: 'POST', path: '/ai/chat/stream' },
    async *handle(request, context) {
      const turn = chatOf().stream({
        caller: context.caller,
        ...(request.message === undefined ? {} : { message: request.message }),
        ...(request.approvals ? { approvals: request.approvals } : {}),
        ...(request.regenerate ? { regenerate: true } : {}),
        ...(request.regenerateAfter === undefined ? {} : { regenerateAfter: request.regenerateAfter }),
        ...(request.edit ? { edit: true } : {}),
        ...(request.tools ? { tools: request.tools } : {}),
        ...(request.conversationId ? { conversationId: request.conversationId } : {}),
        signal: context.signal,
        locale: context.locale,
        baggage: context.baggage,
        ...(context.trace ? { trace: context.trace } : {}),
      });
      for await (const event of turn.events) yield toChatEvent(event);
    },
  });

  const approve = defineOperation({
    id: 'ai.approve',
    summary: { en: 'Approve a pending tool call', 'zh-CN': '批准待处理的工具调用' },
    request: approvalId,
    response: Type.Object({
      approvalId: Type.String(),
      status: Type.Literal('approved'),
      output: Type.Unknown(),
    }),
    expose: ['http'],
    // The approved call's own failure is the answer: its codes are this operation's too.
    errors: [
      ...approvalErrors,
      ...(options.approvedCallErrors ?? []).filter((entry) => !approvalCodes.has(entry.code)),
    ],
    http: { method: 'POST', path: '/ai/approvals/{approvalId}/approve' },
    // The turn (or the approved call) opens its own transactions; holding one here would block PGlite.
    transaction: false,
    async handle(request, context) {
      const decided = await decide(request.approvalId, true, context);
      if (decided.failure) throw decided.failure;
      return { approvalId: request.approvalId, status: 'approved' as const, output: decided.output };
    },
  });

  const decline = defineOperation({
    id: 'ai.decline',
    summary: { en: 'Decline a pending tool call', 'zh-CN': '拒绝待处理的工具调用' },
    request: approvalId,
    response: Type.Object({ approvalId: Type.String(), status: Type.Literal('declined') }),
    expose: ['http'],
    errors: approvalErrors,
    http: { method: 'POST', path: '/ai/approvals/{approvalId}/decline' },
    // The turn (or the approved call) opens its own transactions; holding one here would block PGlite.
    transaction: false,
    async handle(request, context) {
      await decide(request.approvalId, false, context);
      return { approvalId: request.approvalId, status: 'declined' as const };
    },
  });

  /**
   * Decides an approval outside the chat, then tells the conversation that asked for it (as a decision sent in
   * the chat is told), so its next turn and the page, reloaded, see the call answered, not waiting. An approval
   * asked over MCP has no conversation; a deleted conversation has no one to tell; a store that fails is
   * logged: the decision stands either way.
   */
  const decide = async (approvalId: string, approved: boolean, context: DecidingContext) => {
    const approvals = approvalsOf();
    const pending = await approvals.store.get(approvalId, ownerOf(context.caller));
    // An approval stored as its chat was deleted (its turn's insert landed after the deletion and the turn had
    // looked) is declined now, as the deletion would have: deciding it is then APPROVAL_ALREADY_SETTLED.
    if (pending?.status === 'pending' && pending.conversationId !== undefined) {
      await chatOf().governance.declineApprovalsOfDeleted(context.caller, pending.conversationId);
    }
    const decided = await decideApproval(approvals, { approvalId, approved }, context.caller, {
      locale: context.locale,
      signal: context.signal,
      ...(context.trace ? { trace: context.trace } : {}),
      // A 429 says "send it again later": the refused call did not run, so the approval stays open for that.
      keepPendingWhenRateLimited: true,
    });
    if (pending?.conversationId === undefined) return decided;
    // Still pending (refused by a rate limit): the call waits on, untold, as before the decision.
    if (decided.failure?.code === 'RATE_LIMITED') {
      const now = await approvals.store.get(approvalId, ownerOf(context.caller));
      if (now?.status === 'pending') return decided;
    }
    try {
      await chatOf().governance.appendMessages(
        context.caller,
        pending.conversationId,
        decidedCallMessages(pending, decided.output),
      );
    } catch (error) {
      if (!(isOpwireError(error) && error.code === 'NOT_FOUND')) {
        context.logger.error('telling a conversation its decided approval failed', { error });
      }
    }
    return decided;
  };

  return [chat, approve, decline];
}

/** A turn's event as the wire carries it: `done` with the whole answer. */
export function toChatEvent(event: ChatEvent): Static<typeof chatEventSchema> {
  return event.type === 'done' ? { type: 'done', ...toChatAnswer(event.result) } : event;
}

/** The wire answer of a chat turn (also the `done` event of the stream). */
export function toChatAnswer(result: ChatResult): Static<typeof chatResponseSchema> {
  return {
    conversationId: result.conversationId,
    turnId: result.turnId,
    text: result.text,
    steps: result.steps,
    usage: { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens },
    ...(result.cost ? { cost: result.cost } : {}),
    outcome: result.outcome,
    ...(result.stopReason ? { stopReason: result.stopReason } : {}),
    ...(result.provider ? { provider: result.provider } : {}),
    ...(result.model ? { model: result.model } : {}),
    pendingApprovals: result.pendingApprovals,
  };
}
