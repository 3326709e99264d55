import Type from 'typebox';

/** The body of `POST /ai/chat` (and of the streaming route). */
export const chatRequestSchema = Type.Object({
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
      content: Type.String({ maxLength: 32_000 }),
    }),
    { minItems: 1, maxItems: 200 },
  ),
  tools: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 128 })),
  conversationId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const toolCall = Type.Object({ toolCallId: Type.String(), toolName: Type.String(), input: Type.Unknown() });
const toolResult = Type.Object({
  toolCallId: Type.String(),
  toolName: Type.String(),
  output: Type.Unknown(),
});

/** The answer of `POST /ai/chat`. */
export const chatResponseSchema = Type.Object({
  conversationId: Type.String(),
  text: Type.String(),
  steps: Type.Array(Type.Object({ toolCalls: Type.Array(toolCall), toolResults: Type.Array(toolResult) })),
  usage: Type.Object({ inputTokens: Type.Integer(), outputTokens: Type.Integer() }),
  outcome: Type.Union([Type.Literal('completed'), Type.Literal('stopped'), Type.Literal('failed')]),
  stopReason: Type.Optional(Type.String()),
  provider: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  pendingApprovals: Type.Array(
    Type.Object({
      approvalId: Type.String(),
      toolCallId: Type.String(),
      toolName: Type.String(),
      input: Type.Unknown(),
      expiresAt: Type.String(),
    }),
  ),
});

/** One event of a streamed turn (`POST /ai/chat/stream`); `done` carries the whole answer. */
export const chatEventSchema = Type.Union([
  Type.Object({ type: Type.Literal('text'), delta: Type.String() }),
  Type.Object({ type: Type.Literal('tool-call'), ...toolCall.properties }),
  Type.Object({ type: Type.Literal('tool-result'), ...toolResult.properties }),
  Type.Object({ type: Type.Literal('done'), ...chatResponseSchema.properties }),
]);
