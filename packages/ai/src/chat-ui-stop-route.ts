import {
  type ChatUiResumeRouteOptions,
  type ChatUiSideRoute,
  chatIdErrors,
  chatIdParameter,
  checkChatId,
} from './chat-ui-resume-route.js';

/** `POST /api/chat/{id}/stop`, the stop button's request when a chat's turns are resumable. */
export type ChatUiStopRoute = ChatUiSideRoute<'POST'>;

/**
 * `POST /api/chat/{id}/stop` beside `chatUiRoute({ streams })` and `chatUiResumeRoute`: with resumable streams a
 * client going away (`useChat`'s `stop()`, a reload, a closed tab) is a disconnect, and its turn runs on for a
 * reader to come back, so a stop button posts here, then calls `stop()` (the AI SDK's advice for stopping a
 * resumable stream). The caller's running turn of the chat in this process is stopped at once (with
 * `createChatStreams({ store })`, one running in another process of the app at that process's next beat) (one still
 * starting, as soon as its first chunk is out) and recorded as stopped, as a turn whose client went away is without resumable streams; the answer, once the turn's readers had
 * their last chunk, is `{ "stopped": true }`, or `{ "stopped": false }` when none of theirs runs (it ended,
 * runs in another process without a shared store, or the turns are not resumable: then `stop()`'s disconnect is what stops it). Ids are
 * refused as the resume route refuses them: malformed on `id`, anyone else's `404 NOT_FOUND`. A hand-written route,
 * not an operation, like the resume route: the turn it stops is audited, by the chat operation. Pass it to the
 * HTTP server's `routes`.
 */
export function chatUiStopRoute(options: ChatUiResumeRouteOptions): ChatUiStopRoute {
  const streams = options.streams;
  return {
    method: 'POST',
    path: '/api/chat/{id}/stop',
    id: 'ai.chat.ui.stop',
    tags: ['ai'],
    summary: {
      en: "Stop a chat's running answer (the stop button, with resumable streams)",
      'zh-CN': '停止对话中运行中的回答（可恢复流时的停止按钮）',
    },
    description: {
      en: "Stops the caller's running turn of this chat in this server process (or, when the app keeps running turns in a shared store, in any of its processes) and records it as stopped; answers once the turn's readers had its last chunk. A turn still starting (its request read, nothing streamed yet) is stopped as soon as it starts. With resumable streams a client going away is a disconnect and the turn runs on, so a stop button posts here and then drops its stream. `stopped` is false when no turn of the caller's runs.",
      'zh-CN':
        '停止调用者在本服务进程中（应用把运行中的一轮保存在共享存储中时，则在其任一进程中）该对话运行中的一轮，并记录为已停止；在这一轮的读者收到最后一块后应答。仍在开始中的一轮（请求已读取，尚未输出）在开始时立即停止。使用可恢复流时，客户端离开只是断开连接，这一轮会继续运行，因此停止按钮先请求这里，再断开自己的流。没有调用者运行中的一轮时，`stopped` 为 false。',
    },
    parameters: [chatIdParameter],
    responses: {
      '200': {
        description: {
          en: 'Whether a running turn of the caller’s was stopped.',
          'zh-CN': '是否停止了调用者运行中的一轮。',
        },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { stopped: { type: 'boolean' } },
              required: ['stopped'],
              additionalProperties: false,
            },
          },
        },
      },
    },
    errors: chatIdErrors,
    async handle(input) {
      const { id, caller } = await checkChatId(options.governance, input);
      const stopped = (await streams?.stop(id, caller)) ?? false;
      return Response.json({ stopped }, { headers: { 'cache-control': 'no-store' } });
    },
  };
}
