import {
  type AnyErrorEntry,
  type Caller,
  closeSchema,
  compileValidator,
  coreErrors,
  type LocalizedText,
  validationError,
} from '@opwire/core';
import { createUIMessageStreamResponse } from 'ai';
import Type from 'typebox';
import { ChatConversationId } from './chat-schemas.js';
import type { ChatStreams } from './chat-streams.js';
import type { Governance } from './governance/create-governance.js';

/** What the resume route reads of a request (a subset of what `@opwire/http` hands a custom route). */
export interface ChatUiResumeRouteInput {
  /** The caller the server resolved: the route is not public, so an anonymous request was answered 401. */
  readonly caller: Caller | undefined;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * A hand-written route beside `POST /api/chat` under `/api/chat/{id}`: it matches `CustomRoute` of `@opwire/http`
 * without importing it.
 */
export interface ChatUiSideRoute<Method extends 'GET' | 'POST'> {
  readonly method: Method;
  readonly path: string;
  readonly id: string;
  readonly tags: readonly string[];
  readonly summary: LocalizedText;
  readonly description: LocalizedText;
  readonly parameters: ReadonlyArray<Readonly<Record<string, unknown>>>;
  readonly responses: Readonly<Record<string, unknown>>;
  readonly errors: readonly AnyErrorEntry[];
  handle(input: ChatUiResumeRouteInput): Promise<Response>;
}

/**
 * `GET /api/chat/{id}/stream`, the route `useChat({ resume: true })` (`DefaultChatTransport.reconnectToStream`)
 * asks for a chat's running answer.
 */
export type ChatUiResumeRoute = ChatUiSideRoute<'GET'>;

/** Options for `chatUiResumeRoute`; pass a function when the governance is made after the routes. */
export interface ChatUiResumeRouteOptions {
  /** The chat's governance (`chat.governance`): whose conversation the id is. */
  readonly governance: Governance | (() => Governance);
  /**
   * The running turns `chatUiRoute` keeps for a second reader (`createChatStreams()`, the same value): the
   * owner's running turn is answered as a UI message stream from its start. Without it every answer is 204.
   */
  readonly streams?: ChatStreams | undefined;
}

const validateId = compileValidator(closeSchema(Type.Object({ id: ChatConversationId })));

/** The `{id}` of the chat's routes beside `POST /api/chat`, as OpenAPI lists it. */
export const chatIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: {
    en: 'The chat id: the conversation, as `/api/chat` takes it.',
    'zh-CN': '对话 id：即会话，与 `/api/chat` 接受的相同。',
  },
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$' },
};

/** The codes `checkChatId` refuses an id with, as the routes beside `POST /api/chat` list them. */
export const chatIdErrors = [coreErrors.OUT_OF_RANGE, coreErrors.INVALID_FORMAT, coreErrors.NOT_FOUND];

/**
 * The chat id of a route beside `POST /api/chat`, refused as `/api/chat` refuses it (malformed, on `id`), and
 * the caller's: anyone else's id, or a deleted one, is `NOT_FOUND`. Returns the caller.
 */
export async function checkChatId(
  governance: ChatUiResumeRouteOptions['governance'],
  input: { readonly caller: Caller | undefined; readonly params: Readonly<Record<string, string>> },
): Promise<{ readonly id: string; readonly caller: Caller }> {
  const id = input.params.id ?? '';
  const issues = validateId({ id });
  if (issues) throw validationError(issues);
  // Not a public route: the server answered 401 before here without a caller.
  if (input.caller === undefined) throw coreErrors.UNAUTHENTICATED();
  await (typeof governance === 'function' ? governance() : governance).checkOpenable(input.caller, id);
  return { id, caller: input.caller };
}

/**
 * `GET /api/chat/{id}/stream` beside `chatUiRoute()`: what `useChat({ resume: true })` asks when a page loads.
 * With `streams` (the value `chatUiRoute({ streams })` keeps running turns in), the caller's running turn of the
 * chat in this process (or, with `createChatStreams({ store })`, in another process of the app) is answered as a UI message stream from its first chunk, and followed to its end. Else —
 * no `streams`, or no turn running here — a chat id the caller may post to `/api/chat` (theirs, or no one's yet)
 * is answered `204 No Content`: the transport's "no active stream", and the page shows the stored conversation
 * (`GET /conversations/{id}`); nothing is opened or written. Anyone else's id (or a deleted one) is
 * `404 NOT_FOUND` as `/api/chat` answers it, and a malformed id is refused on `id` as `/api/chat` refuses it. A
 * hand-written route, not an operation: it runs nothing (it reads a turn the chat operation runs and audits), so
 * it is neither audited nor offered to models or MCP. Pass it to the HTTP server's `routes`.
 */
export function chatUiResumeRoute(options: ChatUiResumeRouteOptions): ChatUiResumeRoute {
  const streams = options.streams;
  return {
    method: 'GET',
    path: '/api/chat/{id}/stream',
    id: 'ai.chat.ui.resume',
    // Listed with `POST /api/chat`, under the chat operation's tag.
    tags: ['ai'],
    ...(streams ? resumableTexts : keptNoneTexts),
    parameters: [chatIdParameter],
    responses: {
      ...(streams
        ? {
            '200': {
              description: {
                en: "The chat's running answer as a UI message stream (`x-vercel-ai-ui-message-stream: v1`), from its start.",
                'zh-CN': '对话中运行中的回答，以 UI 消息流（`x-vercel-ai-ui-message-stream: v1`）从头返回。',
              },
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          }
        : {}),
      '204': {
        description: {
          en: 'No running answer to resume: show the stored conversation.',
          'zh-CN': '没有可恢复的运行中回答：显示已存储的会话。',
        },
      },
    },
    errors: chatIdErrors,
    async handle(input) {
      const { id, caller } = await checkChatId(options.governance, input);
      const running = await streams?.follow(id, caller);
      if (running) return createUIMessageStreamResponse({ stream: running });
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    },
  };
}

/** The route's texts when no running turn is kept (`streams` not given). */
const keptNoneTexts = {
  summary: {
    en: "Resume a chat's answer (what useChat({ resume: true }) asks): none is kept, so 204",
    'zh-CN': '恢复对话的回答（useChat({ resume: true }) 的请求）：不保留运行中的回答，因此为 204',
  },
  description: {
    en: 'Opwire does not keep a running answer for a second reader: a chat id the caller may use (theirs, or not stored yet) is answered 204 No Content, which `useChat` reads as no active stream, and the page shows the stored conversation (`GET /conversations/{id}`). A running turn is not resumed.',
    'zh-CN':
      'Opwire 不为第二个读者保留运行中的回答：调用者可以使用的对话 id（自己的，或尚未存储的）应答 204 No Content，`useChat` 将其视为没有进行中的流，页面显示已存储的对话（`GET /conversations/{id}`）。运行中的一轮不会被恢复。',
  },
};

/** The route's texts when running turns are kept (`streams` given). */
const resumableTexts = {
  summary: {
    en: "Resume a chat's running answer (what useChat({ resume: true }) asks), or 204 when none runs",
    'zh-CN': '恢复对话中运行中的回答（useChat({ resume: true }) 的请求）；没有运行中的回答时为 204',
  },
  description: {
    en: "The caller's running turn of this chat, in this server process (or, when the app keeps running turns in a shared store, in any of its processes), as a UI message stream from its first chunk: a page reloaded mid-answer shows the answer so far and follows it to its end. When none runs (it ended, or never started, or runs in another process without a shared store) the answer is 204 No Content, which `useChat` reads as no active stream, and the page shows the stored conversation (`GET /conversations/{id}`).",
    'zh-CN':
      '调用者在本服务进程中（应用把运行中的一轮保存在共享存储中时，则在其任一进程中）该对话运行中的一轮，以 UI 消息流从第一块开始返回：回答中途重新加载的页面显示已有的回答并跟随到结束。没有运行中的一轮时（已结束、从未开始，或在另一进程中运行而没有共享存储）应答 204 No Content，`useChat` 将其视为没有进行中的流，页面显示已存储的会话（`GET /conversations/{id}`）。',
  },
};
