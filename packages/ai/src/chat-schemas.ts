import Type from 'typebox';

/** An approval's id, bounded alike in a chat turn's `approvals` and in the approve and decline routes. */
export const ApprovalId = Type.String({ minLength: 1, maxLength: 200 });

/** A chat's conversation id, bounded alike in a chat turn and in `GET /api/chat/{id}/stream`. */
export const ChatConversationId = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: 'The conversation; a new one when absent, one owned by the caller when unknown.',
});

/** The body of `POST /ai/chat` (and of the streaming route): the new message, or answers to approvals. */
export const chatRequestSchema = Type.Object({
  conversationId: Type.Optional(ChatConversationId),
  message: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32_000, description: "The user's new message." }),
  ),
  approvals: Type.Optional(
    Type.Array(
      Type.Object({
        approvalId: ApprovalId,
        approved: Type.Boolean(),
        reason: Type.Optional(Type.String({ maxLength: 500 })),
      }),
      { minItems: 1, maxItems: 20, description: 'Decisions on pending approvals of the caller.' },
    ),
  ),
  regenerate: Type.Optional(
    Type.Boolean({
      description:
        'Ask a question again: the newest stored one whose text is `message` (the last one without `message`); the new answer takes the place of what answered it and what followed (kept if the new turn fails before finishing a step). A call that wrote or asked for an approval stays, only what follows it replaced, and an earlier answer than one with such a call is `409 ANSWER_NOT_REPLACEABLE`. A `message` not stored is asked as a new question.',
    }),
  ),
  regenerateAfter: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'With `regenerate`: the turn whose answer is kept. The first question after it is asked again and everything after that question replaced (the last question when the turn is not stored). Refused without `regenerate: true`, and with `approvals`.',
    }),
  ),
  edit: Type.Optional(
    Type.Boolean({
      description:
        "With `regenerate` and `message`: an edit (`useChat`'s `sendMessage({ text, messageId })`). `message` takes the place of a stored question, the first after `regenerateAfter` (the conversation's first without it), and the new answer the place of everything that followed; nothing is changed when that question is not stored (`404 QUESTION_NOT_FOUND`) or an answer since it asked for an approval or ran a call that writes (`409 QUESTION_NOT_EDITABLE`). Refused without `regenerate: true`, and with `approvals`.",
    }),
  ),
  tools: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 128 })),
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
  turnId: Type.String(),
  text: Type.String(),
  steps: Type.Array(Type.Object({ toolCalls: Type.Array(toolCall), toolResults: Type.Array(toolResult) })),
  usage: Type.Object({ inputTokens: Type.Integer(), outputTokens: Type.Integer() }),
  cost: Type.Optional(Type.Object({ amount: Type.Number(), currency: Type.String() })),
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
  Type.Object({
    type: Type.Literal('start'),
    conversationId: Type.String(),
    turnId: Type.String(),
    question: Type.Optional(Type.String()),
  }),
  Type.Object({ type: Type.Literal('text'), delta: Type.String() }),
  Type.Object({ type: Type.Literal('reasoning'), delta: Type.String() }),
  Type.Object({
    type: Type.Literal('source'),
    sourceId: Type.String(),
    title: Type.String(),
    url: Type.Optional(Type.String()),
  }),
  Type.Object({ type: Type.Literal('tool-call'), ...toolCall.properties }),
  Type.Object({ type: Type.Literal('tool-result'), ...toolResult.properties }),
  Type.Object({ type: Type.Literal('done'), ...chatResponseSchema.properties }),
]);
