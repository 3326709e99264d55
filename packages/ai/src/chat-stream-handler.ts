import type { SpanContext } from '@opentelemetry/api';
import {
  type Caller,
  closeSchema,
  compileValidator,
  coreErrors,
  type Locale,
  validationError,
} from '@opwire/core';
import type { Static } from 'typebox';
import { toChatAnswer } from './chat-operations.js';
import { chatRequestSchema } from './chat-schemas.js';
import type { ChatEvent } from './chat-types.js';
import type { Chat } from './create-chat.js';

/** What an HTTP custom route hands the stream handler. */
export interface ChatStreamInput {
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  readonly signal: AbortSignal;
  /** The parsed JSON body, checked against the `ai.chat` request schema. */
  readonly body: unknown;
  /** The request's span (from its `traceparent`); the turn's span becomes its child. */
  readonly trace?: SpanContext | undefined;
  readonly baggage?: Readonly<Record<string, string>> | undefined;
}

/** Options for `createChatStreamHandler`. */
export interface ChatStreamHandlerOptions {
  readonly chat: Chat | (() => Chat);
}

const validateBody = compileValidator(closeSchema(chatRequestSchema));
const encoder = new TextEncoder();

/**
 * A handler that answers a chat turn as server-sent events (`text`, `tool-call`, `tool-result`,
 * then `done` or `error`). A bad body, a missing caller or a chat that cannot open a turn (such as
 * `CHAT_NOT_CONFIGURED`) throws an `OpwireError` before anything is streamed; closing the connection
 * stops the turn.
 */
export function createChatStreamHandler(
  options: ChatStreamHandlerOptions,
): (input: ChatStreamInput) => Promise<Response> {
  return async (input) => {
    if (!input.caller) throw coreErrors.UNAUTHENTICATED();
    const issues = validateBody(input.body);
    if (issues) throw validationError(issues);
    const body = input.body as Static<typeof chatRequestSchema>;
    const chat = typeof options.chat === 'function' ? options.chat() : options.chat;
    const stop = new AbortController();
    const turn = chat.stream({
      caller: input.caller,
      messages: body.messages,
      ...(body.tools ? { tools: body.tools } : {}),
      ...(body.conversationId ? { conversationId: body.conversationId } : {}),
      signal: AbortSignal.any([input.signal, stop.signal]),
      locale: input.locale,
      ...(input.trace ? { trace: input.trace } : {}),
      ...(input.baggage ? { baggage: input.baggage } : {}),
    });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for await (const event of turn.events) controller.enqueue(encoder.encode(toSse(event)));
        await turn.result.catch(() => undefined);
        controller.close();
      },
      cancel() {
        stop.abort(new DOMException('The client closed the stream.', 'AbortError'));
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  };
}

function toSse(event: ChatEvent): string {
  const { type, ...rest } = event;
  const data =
    event.type === 'done'
      ? toChatAnswer(event.result)
      : event.type === 'error'
        ? { error: event.error, ...toChatAnswer(event.result) }
        : rest;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
