import { type AnyOperation, defineOperation } from '@opwire/core';
import Type, { type Static } from 'typebox';
import type { Approvals } from './approvals/create-approvals.js';
import { chatRequestSchema, chatResponseSchema } from './chat-schemas.js';
import type { ChatResult } from './chat-types.js';
import type { Chat } from './create-chat.js';

/** Options for `createChatOperations`; pass functions when the chat is created after the app. */
export interface ChatOperationsOptions {
  readonly chat: Chat | (() => Chat);
  /** Defaults to the chat catalog's approvals. */
  readonly approvals?: Approvals | (() => Approvals);
}

const approvalErrors = [
  'APPROVAL_NOT_FOUND',
  'APPROVAL_EXPIRED',
  'APPROVAL_ALREADY_SETTLED',
  'APPROVAL_MISMATCH',
];

/**
 * The operations `ai.chat`, `ai.approve` and `ai.decline`, served over HTTP only: a model can never
 * call the chat or approve its own calls.
 */
export function createChatOperations(options: ChatOperationsOptions): AnyOperation[] {
  const chatOf = () => (typeof options.chat === 'function' ? options.chat() : options.chat);
  const approvalsOf = () =>
    options.approvals === undefined
      ? chatOf().catalog.approvals
      : typeof options.approvals === 'function'
        ? options.approvals()
        : options.approvals;
  const approvalId = Type.Object({ approvalId: Type.String({ minLength: 1, maxLength: 100 }) });

  const chat = defineOperation({
    id: 'ai.chat',
    summary: { en: 'Chat with the assistant', 'zh-CN': '与助手对话' },
    description: 'Runs one chat turn as the caller; the model can only use the tools the caller may call.',
    request: chatRequestSchema,
    response: chatResponseSchema,
    expose: ['http'],
    errors: ['GUARDRAIL_REJECTED', 'CHAT_NOT_CONFIGURED', 'PROVIDER_FAILED', 'PROMPT_NOT_FOUND'],
    http: { method: 'POST', path: '/ai/chat' },
    // The turn (or the approved call) opens its own transactions; holding one here would block PGlite.
    transaction: false,
    async handle(request, context) {
      const result = await chatOf().complete({
        caller: context.caller!,
        messages: request.messages,
        ...(request.tools ? { tools: request.tools } : {}),
        ...(request.conversationId ? { conversationId: request.conversationId } : {}),
        signal: context.signal,
        locale: context.locale,
        baggage: context.baggage,
        ...(context.trace ? { trace: context.trace } : {}),
      });
      return toChatAnswer(result);
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
    errors: approvalErrors,
    http: { method: 'POST', path: '/ai/approvals/{approvalId}/approve' },
    // The turn (or the approved call) opens its own transactions; holding one here would block PGlite.
    transaction: false,
    handle: (request, context) =>
      approvalsOf().approve(request.approvalId, context.caller!, {
        signal: context.signal,
        locale: context.locale,
        ...(context.trace ? { trace: context.trace } : {}),
      }),
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
    handle: (request, context) => approvalsOf().decline(request.approvalId, context.caller!),
  });

  return [chat, approve, decline];
}

/** The wire answer of a chat turn (also the `done` event of the stream). */
export function toChatAnswer(result: ChatResult): Static<typeof chatResponseSchema> {
  return {
    conversationId: result.conversationId,
    text: result.text,
    steps: result.steps,
    usage: { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens },
    outcome: result.outcome,
    ...(result.stopReason ? { stopReason: result.stopReason } : {}),
    ...(result.provider ? { provider: result.provider } : {}),
    ...(result.model ? { model: result.model } : {}),
    pendingApprovals: result.pendingApprovals,
  };
}
