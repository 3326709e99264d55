import { coreErrors } from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import type { Static } from 'typebox';
import { type chatEventSchema, chatResponseSchema } from './chat-schemas.js';

/**
 * `POST /ai/chat`: the `ai.chat` operation answered as one JSON document once the turn is done (the
 * same turn, pipeline and audit record as the stream). Pass it to the HTTP server's `operationRoutes`.
 */
export function chatJsonRoute() {
  return {
    operation: 'ai.chat',
    id: 'ai.chat.json',
    method: 'POST' as const,
    path: '/ai/chat',
    summary: {
      en: 'Chat with the assistant: the whole turn as one JSON answer',
      'zh-CN': '与助手对话：整轮对话作为一个 JSON 应答',
    },
    async encode(events: unknown): Promise<Response> {
      let done: Static<typeof chatEventSchema> | undefined;
      for await (const event of events as AsyncIterable<Static<typeof chatEventSchema>>) {
        if (event.type === 'done') done = event;
      }
      if (!done)
        throw coreErrors.INTERNAL({ cause: new Error('the chat stream ended without a done event') });
      const { type: _done, ...answer } = done;
      return Response.json(answer);
    },
    responses: {
      '200': {
        description: {
          en: 'The turn: its text, tool steps, usage and pending approvals.',
          'zh-CN': '这一轮：文本、工具步骤、用量和待审批项。',
        },
        content: { 'application/json': { schema: toJsonSchema(chatResponseSchema) } },
      },
    },
  };
}
