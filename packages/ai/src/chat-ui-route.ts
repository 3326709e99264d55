import {
  type Caller,
  closeSchema,
  compileValidator,
  describeError,
  type Locale,
  toOpwireError,
  type ValidationIssue,
  validationError,
} from '@opwire/core';
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import type { Static } from 'typebox';
import { aiErrors } from './ai-errors.js';
import { type chatEventSchema, chatRequestSchema } from './chat-schemas.js';
import type { ChatStreams } from './chat-streams.js';
import { isToolErrorResult } from './tool-result.js';

type WireEvent = Static<typeof chatEventSchema>;
type ChatInput = Static<typeof chatRequestSchema>;

/**
 * The default body limit of `/api/chat`: a stock `useChat` posts the whole history with every message (only its
 * tail is read), so a long chat's body outgrows the server's 1 MiB; 16 MiB holds some 400 answers of 40 KB.
 */
const defaultUiBodyLimit = 16 * 1024 * 1024;

/**
 * The most messages a body may hold: one per 64 bytes of the body limit (262,144 at 16 MiB). A message `useChat`
 * sends is never that small (its id, role and a text part alone take more), so a long chat meets the body limit
 * first, while a body of empty messages is refused on its count.
 */
const maxMessagesOf = (bodyLimit: number) => Math.max(1, Math.floor(bodyLimit / 64));

/** The parts of a UI message `/api/chat` reads: text, and tools whose approval the user answered. */
interface UiPart {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly state?: unknown;
  readonly approval?: { readonly id?: unknown; readonly approved?: unknown; readonly reason?: unknown };
}

interface UiMessage {
  readonly id?: unknown;
  readonly role?: unknown;
  readonly parts?: unknown;
  readonly metadata?: unknown;
}

/**
 * `POST /api/chat`: the `ai.chat` operation in the AI SDK's UI message stream protocol, the route a stock
 * `useChat` (`DefaultChatTransport`) posts to. The chat id is the conversation; only the newest message is
 * read (the history comes from the conversation store, never from the client's copy): a user message is
 * the turn's message, an assistant message whose tool approvals the user answered carries those decisions.
 * Its body limit (`bodyLimit`, 16 MiB) is its own, for the history a stock `useChat` posts. Pass it to the HTTP
 * server's `operationRoutes`; it runs through the pipeline like `/ai/chat`.
 */
export function chatUiRoute(options: ChatUiRouteOptions = {}) {
  const streams = options.streams;
  const bodyLimit = options.bodyLimit ?? defaultUiBodyLimit;
  const maxMessages = maxMessagesOf(bodyLimit);
  return {
    operation: 'ai.chat',
    id: 'ai.chat.ui',
    method: 'POST' as const,
    path: '/api/chat',
    summary: {
      en: 'Chat with the assistant in the AI SDK UI message stream protocol (what useChat posts)',
      'zh-CN': '以 AI SDK UI 消息流协议与助手对话（useChat 发送的请求）',
    },
    // With resumable streams the turn outlives its connection: `streams` stops it when nobody reads it.
    ...(streams ? { detached: true } : {}),
    bodyLimit,
    decode: (source: unknown, request: { readonly caller?: Caller | undefined }): ChatInput => {
      const input = decodeUiRequest(source, { maxMessages });
      // Until its first chunk is out, a stop of this chat is kept for the turn (see `ChatStreams.expect`).
      if (input.conversationId !== undefined) streams?.expect(input.conversationId, request.caller);
      return input;
    },
    encode: (
      events: unknown,
      request: { readonly locale: Locale; readonly caller?: Caller | undefined },
    ): Response | Promise<Response> => {
      // A kept turn tells a reader joining mid-turn its question (stored only when the turn ends).
      const stream = toUiMessageStream(events as AsyncIterable<WireEvent>, request.locale, {
        question: streams !== undefined,
      });
      if (!streams) return createUIMessageStreamResponse({ stream });
      return resumable(stream, streams, request.caller).then((kept) =>
        createUIMessageStreamResponse({ stream: kept }),
      );
    },
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
                maxItems: maxMessages,
                items: { type: 'object' },
                description: `UI messages, oldest first. The last one is read, and for a regeneration or an edit the assistant message before the question (its \`metadata.turnId\`), and the message \`messageId\` names, so a client may send only that tail (\`prepareChatRequest\` of \`@opwire/console/chat\`, as \`DefaultChatTransport\`'s \`prepareSendMessagesRequest\`); a stock \`useChat\` sends the whole history, taken whole within the route's body limit (${sizeOf(bodyLimit)}; \`maxItems\` is one message per 64 bytes of it, fewer than a chat's messages take).`,
              },
              trigger: { enum: ['submit-message', 'regenerate-message'] },
              messageId: {
                type: 'string',
                maxLength: 200,
                description:
                  'With `submit-message`, the id of the last message when it is a user message: an edit (`sendMessage({ text, messageId })`), whose text replaces that stored question and whose answer everything after it.',
              },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: {
          en: 'The turn as a UI message stream (`x-vercel-ai-ui-message-stream: v1`).',
          'zh-CN': '以 UI 消息流返回的这一轮（`x-vercel-ai-ui-message-stream: v1`）。',
        },
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
  };
}

/** Options for `chatUiRoute`. */
export interface ChatUiRouteOptions {
  /**
   * Keep each running turn for a second reader (`createChatStreams()`, the same value `chatUiResumeRoute` takes):
   * a page reloaded mid-answer (`useChat({ resume: true })`) reads the answer from its start and follows it. The
   * turn then goes on when its client goes away, stopped only after `keepRunningMs` without a reader. Without
   * it a turn stops as soon as its client goes away.
   */
  readonly streams?: ChatStreams | undefined;
  /**
   * The route's body limit in bytes (default 16 MiB), over the server's `bodyLimit`: a stock `useChat` posts the
   * whole history with every message. A whole number from 1, else the server fails at startup.
   */
  readonly bodyLimit?: number | undefined;
}

/** A byte count as OpenAPI's description says it: `16 MiB`, or bytes when it is no whole number of MiB. */
const sizeOf = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/**
 * Hands the turn's UI stream to `streams` under its chat id (the conversation its `start` chunk names) and
 * returns the first reader's stream; a stream that does not start with one (the turn failed first) is kept by
 * no one and returned as it is.
 */
async function resumable(
  stream: ReadableStream<UIMessageChunk>,
  streams: ChatStreams,
  caller: Caller | undefined,
): Promise<ReadableStream<UIMessageChunk>> {
  const reader = stream.getReader();
  const first = await reader.read();
  let head: UIMessageChunk | undefined = first.done ? undefined : first.value;
  const source = new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      if (head !== undefined) {
        controller.enqueue(head);
        head = undefined;
        return;
      }
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const chatId = first.done ? undefined : startedChat(first.value);
  return chatId === undefined ? source : streams.run(chatId, caller, source);
}

/** The conversation a UI stream's `start` chunk names. */
function startedChat(chunk: UIMessageChunk): string | undefined {
  if (chunk.type !== 'start' || !isObject(chunk.messageMetadata)) return undefined;
  const conversationId = chunk.messageMetadata.conversationId;
  return typeof conversationId === 'string' ? conversationId : undefined;
}

/** The chat operation's input, checked as the pipeline will check it, so `/api/chat` can name the body's fields. */
const validateInput = compileValidator(closeSchema(chatRequestSchema));

/**
 * What `DefaultChatTransport` sends, as the chat operation's input; past `maxMessages` messages (default: those of
 * `chatUiRoute`'s default 16 MiB, 262,144) the body is refused on `messages`.
 */
export function decodeUiRequest(source: unknown, options: { readonly maxMessages?: number } = {}): ChatInput {
  const maxMessages = options.maxMessages ?? maxMessagesOf(defaultUiBodyLimit);
  // A body that is no object is refused as a whole (field "", as the operations' validation names it).
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    const code = source === null ? 'NULL_NOT_ALLOWED' : 'WRONG_TYPE';
    throw validationError([{ code, field: '', pointer: '', expected: 'object' }]);
  }
  const body = source as Record<string, unknown>;
  if (body.id === undefined) throw refused('MISSING_FIELD', 'id', 'string');
  if (typeof body.id !== 'string') throw refused('WRONG_TYPE', 'id', 'string');
  const messages = body.messages;
  if (messages === undefined) throw refused('MISSING_FIELD', 'messages', 'array');
  if (!Array.isArray(messages)) throw refused('WRONG_TYPE', 'messages', 'array');
  // Said as the operations' own validation says a bound, so each language reads it in its own words.
  if (messages.length === 0) throw refused('OUT_OF_RANGE', 'messages', 'at least 1 items');
  // A stock `useChat` posts every message of a long chat: the bound is the body limit's, which it meets first.
  if (messages.length > maxMessages)
    throw refused('OUT_OF_RANGE', 'messages', `at most ${maxMessages} items`);
  if (
    body.trigger !== undefined &&
    body.trigger !== 'submit-message' &&
    body.trigger !== 'regenerate-message'
  ) {
    throw refused('INVALID_ENUM', 'trigger', '"submit-message" | "regenerate-message"');
  }
  if (body.messageId !== undefined && typeof body.messageId !== 'string') {
    throw refused('WRONG_TYPE', 'messageId', 'string');
  }
  if (typeof body.messageId === 'string' && body.messageId.length > 200) {
    throw refused('OUT_OF_RANGE', 'messageId', 'length <= 200');
  }
  checkUiMessages(messages);
  const lastAt = messages.length - 1;
  const last = messages[lastAt] as UiMessage;
  if (last.role !== 'user' && last.role !== 'assistant') {
    throw refused('INVALID_ENUM', `messages[${lastAt}].role`, '"user" | "assistant"');
  }
  // An edit: `sendMessage({ text, messageId })` replaced that user message and dropped what followed it.
  const edited =
    body.trigger !== 'regenerate-message'
      ? editedQuestion(messages as UiMessage[], body.messageId)
      : undefined;
  if (edited) {
    if (!edited.text) throw refused('MISSING_FIELD', `messages[${lastAt}].parts`, 'text');
    const input: ChatInput = {
      conversationId: body.id,
      regenerate: true,
      edit: true,
      ...(edited.afterTurn === undefined ? {} : { regenerateAfter: edited.afterTurn }),
      message: edited.text,
    };
    return checked(input, messages, lastAt, lastAt);
  }
  const regenerate = body.trigger === 'regenerate-message';
  // The message whose text is the question: the last one, or for a regeneration the last user message.
  const askedAt = regenerate ? lastUserIndex(messages as UiMessage[]) : last.role === 'user' ? lastAt : -1;
  if (askedAt >= 0) refuseFiles(messages[askedAt] as UiMessage, askedAt);
  const asked = askedAt < 0 ? undefined : textOf(messages[askedAt] as UiMessage) || undefined;
  const readsApprovals = !regenerate && last.role === 'assistant';
  if (readsApprovals) checkApprovalResponses(last, lastAt);
  const approvals = readsApprovals ? approvalsOf(last) : [];
  // One approval answered twice is refused on the second part, before anything is decided.
  const repeatedAt = approvals.length > 1 ? repeatedApprovalPart(last) : undefined;
  if (repeatedAt !== undefined) {
    throw refused('OUT_OF_RANGE', `messages[${lastAt}].parts[${repeatedAt}]`, 'each approval answered once');
  }
  if (!asked && approvals.length === 0 && Array.isArray(last.parts) && last.parts.length === 0) {
    throw refused('OUT_OF_RANGE', `messages[${lastAt}].parts`, 'at least 1 items');
  }
  if (!asked && approvals.length === 0) {
    throw refused('MISSING_FIELD', `messages[${lastAt}].parts`, 'text or an approval response');
  }
  // Regenerating an earlier answer: the client's messages end at its question, after the answer it keeps.
  const keptTurn = regenerate ? turnBefore(messages as UiMessage[], askedAt) : undefined;
  const input: ChatInput = {
    conversationId: body.id,
    // A regeneration asks the stored question again; the client's copy is asked only if none is stored.
    ...(regenerate ? { regenerate: true } : {}),
    ...(keptTurn === undefined ? {} : { regenerateAfter: keptTurn }),
    ...(asked ? { message: asked } : {}),
    ...(approvals.length > 0 ? { approvals } : {}),
  };
  return checked(input, messages, askedAt, lastAt);
}

/** The input checked as the pipeline will check it, an issue named by the body's field it came from. */
function checked(input: ChatInput, messages: readonly unknown[], askedAt: number, lastAt: number): ChatInput {
  const issues = validateInput(input);
  if (issues) {
    // Named as the client sent them: the chat id, and the parts the question or the decisions came from.
    const places: Record<string, string> = {
      conversationId: 'id',
      message: textFieldOf(messages[askedAt] as UiMessage | undefined, askedAt),
      approvals: `messages[${lastAt}].parts`,
    };
    throw validationError(issues.map((each) => renamed(each, places)));
  }
  return input;
}

/**
 * The edit a submission's `messageId` asks for, when it names a user message: its text and the turn of the
 * assistant message before it (none when it is the chat's first question). A `messageId` naming an assistant
 * message is `useChat` sending approval decisions, not an edit; one naming no message of the body, a user message
 * other than the last, or one after an answer without a turn id names no stored question: `QUESTION_NOT_FOUND`.
 */
function editedQuestion(
  messages: readonly UiMessage[],
  messageId: unknown,
): { readonly text: string; readonly afterTurn?: string } | undefined {
  if (typeof messageId !== 'string') return undefined;
  const at = messages.findIndex((message) => message.id === messageId);
  const message = messages[at];
  if (message?.role === 'assistant') return undefined;
  const notStored = () => aiErrors.QUESTION_NOT_FOUND({ field: 'messageId' });
  if (message?.role !== 'user' || at !== messages.length - 1) throw notStored();
  refuseFiles(message, at);
  const text = textOf(message);
  const before = assistantBefore(messages, at);
  if (before === undefined) return { text };
  const afterTurn = turnIdOf(before);
  if (afterTurn === undefined) throw notStored();
  return { text, afterTurn };
}

/** A refusal of the body on `field`, as the pipeline's validation refuses: one issue, its expectation localized. */
function refused(code: string, field: string, expected: string) {
  return validationError([issue(code, field, expected)]);
}

/** Where a question's text is: its one text part's `text`, or its parts when it was joined from several. */
function textFieldOf(message: UiMessage | undefined, index: number): string {
  const parts = Array.isArray(message?.parts) ? (message.parts as UiPart[]) : [];
  const texts = parts.flatMap((part, at) =>
    part.type === 'text' && typeof part.text === 'string' ? [at] : [],
  );
  return texts.length === 1 ? `messages[${index}].parts[${texts[0]}].text` : `messages[${index}].parts`;
}

/** An issue of the operation's input renamed to the body's field it came from. */
function renamed(each: ValidationIssue, places: Readonly<Record<string, string>>): ValidationIssue {
  const head = /^[A-Za-z]+/.exec(each.field)?.[0] ?? '';
  const place = Object.hasOwn(places, head) ? places[head] : undefined;
  if (place === undefined) return each;
  // A path inside the decisions has no counterpart in the parts: the parts themselves are named.
  const field = head === 'approvals' ? place : `${place}${each.field.slice(head.length)}`;
  return { ...each, field, pointer: pointerOf(field) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every message an object whose `parts`, when present, are an array of objects: `WRONG_TYPE` naming the first that is not. */
function checkUiMessages(messages: readonly unknown[]): void {
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) throw refused('WRONG_TYPE', `messages[${index}]`, 'object');
    const parts = message.parts;
    if (parts === undefined) continue;
    if (!Array.isArray(parts)) throw refused('WRONG_TYPE', `messages[${index}].parts`, 'array');
    for (const [at, part] of parts.entries()) {
      const field = `messages[${index}].parts[${at}]`;
      if (!isObject(part)) throw refused('WRONG_TYPE', field, 'object');
      // Every UI part names its type; a text part's text is a string (other parts are the client's own).
      if (part.type === undefined) throw refused('MISSING_FIELD', `${field}.type`, 'string');
      if (typeof part.type !== 'string') throw refused('WRONG_TYPE', `${field}.type`, 'string');
      if (part.type === 'text' && typeof part.text !== 'string') {
        throw refused(part.text === undefined ? 'MISSING_FIELD' : 'WRONG_TYPE', `${field}.text`, 'string');
      }
    }
  }
}

/**
 * A file the user attached (`sendMessage({ files })`) would not reach the model, which is told the question's
 * text: refused on its part's `type`, rather than dropped without a word.
 */
function refuseFiles(message: UiMessage, index: number): void {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  const at = parts.findIndex((part) => part.type === 'file');
  if (at >= 0) throw refused('INVALID_ENUM', `messages[${index}].parts[${at}].type`, '"text"');
}

function textOf(message: UiMessage): string {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  return parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n')
    .trim();
}

/**
 * The turn of the last assistant message before `index` (the `turnId` its stream's `start` chunk put in its
 * metadata); `undefined` without one.
 */
function turnBefore(messages: readonly UiMessage[], index: number): string | undefined {
  const before = assistantBefore(messages, index);
  return before === undefined ? undefined : turnIdOf(before);
}

/** The last assistant message before `index`. */
function assistantBefore(messages: readonly UiMessage[], index: number): UiMessage | undefined {
  for (let at = index - 1; at >= 0; at--) {
    const message = messages[at] as UiMessage;
    if (message.role === 'assistant') return message;
  }
  return undefined;
}

/** The `turnId` an assistant message's stream put in its metadata. */
function turnIdOf(message: UiMessage): string | undefined {
  const turnId = isObject(message.metadata) ? message.metadata.turnId : undefined;
  return typeof turnId === 'string' && turnId.length > 0 && turnId.length <= 200 ? turnId : undefined;
}

function lastUserIndex(messages: readonly UiMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    if ((messages[index] as UiMessage).role === 'user') return index;
  }
  return -1;
}

/**
 * Every answered approval of the last message well formed — an `approval` object with a string `id` and a boolean
 * `approved` (`addToolApprovalResponse`'s) — so a decision the client garbled is refused on its field, never read
 * as a decline (which cannot be taken back) or skipped.
 */
function checkApprovalResponses(message: UiMessage, index: number): void {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  for (const [at, part] of parts.entries()) {
    if (part.state !== 'approval-responded') continue;
    const field = `messages[${index}].parts[${at}].approval`;
    const approval: unknown = part.approval;
    if (!isObject(approval)) {
      throw refused(approval === undefined ? 'MISSING_FIELD' : 'WRONG_TYPE', field, 'object');
    }
    const expected: Array<[string, string]> = [
      ['id', 'string'],
      ['approved', 'boolean'],
    ];
    for (const [key, type] of expected) {
      if (typeof approval[key] === type) continue;
      throw refused(approval[key] === undefined ? 'MISSING_FIELD' : 'WRONG_TYPE', `${field}.${key}`, type);
    }
    if (approval.reason !== undefined && typeof approval.reason !== 'string') {
      throw refused('WRONG_TYPE', `${field}.reason`, 'string');
    }
  }
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

/** The index of the first part that answers an approval an earlier part of the message already answered. */
function repeatedApprovalPart(message: UiMessage): number | undefined {
  const parts = Array.isArray(message.parts) ? (message.parts as UiPart[]) : [];
  const answered = new Set<string>();
  for (const [index, part] of parts.entries()) {
    const id = part.state === 'approval-responded' ? part.approval?.id : undefined;
    if (typeof id !== 'string') continue;
    if (answered.has(id)) return index;
    answered.add(id);
  }
  return undefined;
}

function issue(code: string, field: string, expected: string) {
  return { code, field, pointer: pointerOf(field), expected };
}

const pointerOf = (field: string) => `/${field.replace(/\./g, '/').replace(/\[(\d+)\]/g, '/$1')}`;

/**
 * A turn's events as UI message chunks: text and reasoning in blocks, tool input and output (an approval
 * request, a denial or an error where the result says so), sources, the usage as a `data-usage` part, and
 * `finish`; a failure ends the stream with an `error` chunk carrying the Opwire code. The `start` chunk's
 * metadata names the conversation and the turn, and with `question` the turn's new question too (what a page
 * that resumes the stream shows above the answer until the turn is stored).
 */
export function toUiMessageStream(
  events: AsyncIterable<WireEvent>,
  locale: Locale,
  options: { readonly question?: boolean } = {},
): ReadableStream<UIMessageChunk> {
  const iterator = events[Symbol.asyncIterator]();
  const blocks = new UiBlocks(options.question === true);
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

  constructor(private readonly withQuestion: boolean) {}

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
          {
            type: 'start',
            messageMetadata: {
              conversationId: event.conversationId,
              turnId: event.turnId,
              ...(this.withQuestion && event.question !== undefined ? { question: event.question } : {}),
            },
          },
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
