import { coreErrors, describeError, type Locale, toOpwireError } from '@opwire/core';
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import type { Static } from 'typebox';
import type { chatEventSchema, chatRequestSchema } from './chat-schemas.js';
import { isToolErrorResult } from './tool-result.js';

type WireEvent = Static<typeof chatEventSchema>;
type ChatInput = Static<typeof chatRequestSchema>;

/** The most messages `/api/chat` accepts in one body (`useChat` sends the whole history; only the last is read). */
export const maxUiMessages = 1000;

/** The parts of a UI message `/api/chat` reads: text, and tools whose approval the user answered. */
interface UiPart {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly state?: unknown;
  readonly approval?: { readonly id?: unknown; readonly approved?: unknown; readonly reason?: unknown };
}

interface UiMessage {
  readonly role?: unknown;
  readonly parts?: unknown;
}

/**
 * `POST /api/chat`: the `ai.chat` operation in the AI SDK's UI message stream protocol, the route a stock
 * `useChat` (`DefaultChatTransport`) posts to. The chat id is the conversation; only the newest message is
 * read (the history comes from the conversation store, never from the client's copy): a user message is
 * the turn's message, an assistant message whose tool approvals the user answered carries those decisions.
 * Pass it to the HTTP server's `operationRoutes`; it runs through the pipeline like `/ai/chat`.
 */
export function chatUiRoute() {
  return {
    operation: 'ai.chat',
    id: 'ai.chat.ui',
    method: 'POST' as const,
    path: '/api/chat',
    summary: 'Chat with the assistant in the AI SDK UI message stream protocol (what useChat posts)',
    decode: (source: unknown): ChatInput => decodeUiRequest(source),
    encode: (events: unknown, request: { readonly locale: Locale }): Response =>
      createUIMessageStreamResponse({
        stream: toUiMessageStream(events as AsyncIterable<WireEvent>, request.locale),
      }),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id', 'messages'],
            properties: {
              id: {
                type: 'string',
                minLength: 1,
                maxLength: 200,
                pattern: '^[A-Za-z0-9_.:-]+$',
                description: 'The chat id: the conversation.',
              },
              messages: {
                type: 'array',
                minItems: 1,
                maxItems: maxUiMessages,
                items: { type: 'object' },
                description: 'UI messages; the last one is read.',
              },
              trigger: { enum: ['submit-message', 'regenerate-message'] },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'The turn as a UI message stream (`x-vercel-ai-ui-message-stream: v1`).',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
  };
}

/** What `DefaultChatTransport` sends, as the chat operation's input. */
export function decodeUiRequest(source: unknown): ChatInput {
  const body = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  if (typeof body.id !== 'string') {
    throw coreErrors.WRONG_TYPE({
      field: 'id',
      params: { expected: 'string' },
      issues: [issue('WRONG_TYPE', 'id', 'string')],
    });
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw coreErrors.MISSING_FIELD({
      field: 'messages',
      issues: [issue('MISSING_FIELD', 'messages', 'a message')],
    });
  }
  if (messages.length > maxUiMessages) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'messages',
      params: { expected: `at most ${maxUiMessages} messages` },
      issues: [issue('OUT_OF_RANGE', 'messages', `at most ${maxUiMessages} messages`)],
    });
  }
  if (
    body.trigger !== undefined &&
    body.trigger !== 'submit-message' &&
    body.trigger !== 'regenerate-message'
  ) {
    const expected = 'submit-message, regenerate-message';
    throw coreErrors.INVALID_ENUM({
      field: 'trigger',
      params: { expected },
      issues: [issue('INVALID_ENUM', 'trigger', expected)],
    });
  }
  checkUiMessages(messages);
  const last = messages.at(-1) as UiMessage;
  if (last.role !== 'user' && last.role !== 'assistant') {
    const field = `messages[${messages.length - 1}].role`;
    const expected = 'user, assistant';
    throw coreErrors.INVALID_ENUM({
      field,
      params: { expected },
      issues: [issue('INVALID_ENUM', field, expected)],
    });
  }
  const regenerate = body.trigger === 'regenerate-message';
  const asked = regenerate
    ? lastUserText(messages as UiMessage[])
    : last.role === 'user'
      ? textOf(last)
      : undefined;
  const approvals = !regenerate && last.role === 'assistant' ? approvalsOf(last) : [];
  if (!asked && approvals.length === 0) {
    const field = `messages[${messages.length - 1}].parts`;
    throw coreErrors.MISSING_FIELD({
      field,
      issues: [issue('MISSING_FIELD', field, 'text or an approval response')],
    });
  }
  return {
    conversationId: body.id,
    ...(asked ? { message: asked } : {}),
    ...(approvals.length > 0 ? { approvals } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every message an object whose `parts`, when present, are an array of objects: `WRONG_TYPE` naming the first that is not. */
function checkUiMessages(messages: readonly unknown[]): void {
  const wrong = (field: string, expected: { readonly en: string; readonly 'zh-CN': string }) =>
    coreErrors.WRONG_TYPE({
      field,
      params: { expected },
      issues: [issue('WRONG_TYPE', field, expected.en)],
    });
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) {
      throw wrong(`messages[${index}]`, { en: 'a UI message (an object)', 'zh-CN': 'UI 消息（对象）' });
    }
    const parts = message.parts;
    if (parts === undefined) continue;
    if (!Array.isArray(parts)) {
      throw wrong(`messages[${index}].parts`, { en: 'an array of parts', 'zh-CN': '由消息片段组成的数组' });
    }
    for (const [at, part] of parts.entries()) {
      if (!isObject(part)) {
        throw wrong(`messages[${index}].parts[${at}]`, {
          en: 'a part (an object)',
          'zh-CN': '消息片段（对象）',
        });
      }
    }
  }
}

function textOf(message: UiMessage): string {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  return parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n')
    .trim();
}

function lastUserText(messages: readonly UiMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as UiMessage;
    if (message.role === 'user') return textOf(message) || undefined;
  }
  return undefined;
}

function approvalsOf(message: UiMessage): NonNullable<ChatInput['approvals']> {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  return parts
    .filter((part) => part.state === 'approval-responded' && typeof part.approval?.id === 'string')
    .map((part) => ({
      approvalId: part.approval?.id as string,
      approved: part.approval?.approved === true,
      ...(typeof part.approval?.reason === 'string' ? { reason: part.approval.reason } : {}),
    }));
}

function issue(code: string, field: string, expected: string) {
  return { code, field, pointer: `/${field.replace(/\./g, '/').replace(/\[(\d+)\]/g, '/$1')}`, expected };
}

/**
 * A turn's events as UI message chunks: text and reasoning in blocks, tool input and output (an approval
 * request, a denial or an error where the result says so), sources, the usage as a `data-usage` part, and
 * `finish`; a failure ends the stream with an `error` chunk carrying the Opwire code.
 */
export function toUiMessageStream(
  events: AsyncIterable<WireEvent>,
  locale: Locale,
): ReadableStream<UIMessageChunk> {
  const iterator = events[Symbol.asyncIterator]();
  const blocks = new UiBlocks();
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      try {
        const step = await iterator.next();
        if (step.done) {
          controller.close();
          return;
        }
        for (const chunk of blocks.chunksOf(step.value)) controller.enqueue(chunk);
      } catch (thrown) {
        const { code, message } = describeError(toOpwireError(thrown), locale);
        for (const chunk of blocks.close()) controller.enqueue(chunk);
        controller.enqueue({ type: 'error', errorText: `${code}: ${message}` });
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The open text or reasoning block of a stream, and the chunks each event becomes. */
class UiBlocks {
  private open: { readonly kind: 'text' | 'reasoning'; readonly id: string } | undefined;
  private count = 0;

  close(): UIMessageChunk[] {
    const open = this.open;
    this.open = undefined;
    if (!open) return [];
    return [
      open.kind === 'text' ? { type: 'text-end', id: open.id } : { type: 'reasoning-end', id: open.id },
    ];
  }

  private delta(kind: 'text' | 'reasoning', delta: string): UIMessageChunk[] {
    const chunks: UIMessageChunk[] = [];
    if (this.open?.kind !== kind) {
      chunks.push(...this.close());
      this.open = { kind, id: `${kind}-${++this.count}` };
      chunks.push(
        kind === 'text'
          ? { type: 'text-start', id: this.open.id }
          : { type: 'reasoning-start', id: this.open.id },
      );
    }
    const id = this.open.id;
    chunks.push(kind === 'text' ? { type: 'text-delta', id, delta } : { type: 'reasoning-delta', id, delta });
    return chunks;
  }

  chunksOf(event: WireEvent): UIMessageChunk[] {
    switch (event.type) {
      case 'start':
        return [
          { type: 'start', messageMetadata: { conversationId: event.conversationId, turnId: event.turnId } },
        ];
      case 'text':
        return this.delta('text', event.delta);
      case 'reasoning':
        return this.delta('reasoning', event.delta);
      case 'source':
        return event.url
          ? [{ type: 'source-url', sourceId: event.sourceId, url: event.url, title: event.title }]
          : [
              {
                type: 'source-document',
                sourceId: event.sourceId,
                mediaType: 'text/plain',
                title: event.title,
              },
            ];
      case 'tool-call':
        return [
          ...this.close(),
          {
            type: 'tool-input-available',
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            input: event.input,
          },
        ];
      case 'tool-result':
        return [...this.close(), toolOutput(event.toolCallId, event.output)];
      case 'done': {
        const { inputTokens, outputTokens } = event.usage;
        const usage = { inputTokens, outputTokens, ...(event.cost ? { cost: event.cost } : {}) };
        return [
          ...this.close(),
          { type: 'data-usage', data: { ...usage, ...(event.model ? { model: event.model } : {}) } },
          {
            type: 'finish',
            finishReason: event.outcome === 'completed' ? 'stop' : 'other',
            messageMetadata: {
              conversationId: event.conversationId,
              turnId: event.turnId,
              outcome: event.outcome,
              usage,
            },
          },
        ];
      }
    }
  }
}

/** A tool's result as the chunk `useChat` shows it by. */
function toolOutput(toolCallId: string, output: unknown): UIMessageChunk {
  const approval = (output as { approval?: { status?: unknown; approvalId?: unknown } } | null)?.approval;
  if (approval?.status === 'pending' && typeof approval.approvalId === 'string') {
    return { type: 'tool-approval-request', approvalId: approval.approvalId, toolCallId };
  }
  if (approval?.status === 'declined') return { type: 'tool-output-denied', toolCallId };
  if (isToolErrorResult(output)) {
    return {
      type: 'tool-output-error',
      toolCallId,
      errorText: `${output.error.code}: ${output.error.message}`,
    };
  }
  return { type: 'tool-output-available', toolCallId, output };
}
