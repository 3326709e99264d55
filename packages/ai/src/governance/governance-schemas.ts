import Type from 'typebox';

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** A point in time as sent in a query: RFC 3339. */
export const timeSchema = Type.String({ format: 'date-time', maxLength: 40 });
/** Page size (1 to 200, 50 by default) and the cursor of the next page. */
export const pageFields = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, description: 'Items per page; 50 by default.' }),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 400, description: 'The `next` of the previous page.' }),
  ),
};
/** How a turn ended. */
export const outcomeSchema = Type.Union([
  Type.Literal('completed'),
  Type.Literal('failed'),
  Type.Literal('stopped'),
]);
/** What happened in a turn. */
export const actionSchema = Type.Union([
  Type.Literal('request'),
  Type.Literal('tool_call'),
  Type.Literal('tool_result'),
  Type.Literal('guardrail'),
  Type.Literal('approval_requested'),
  Type.Literal('approval_approved'),
  Type.Literal('approval_declined'),
  Type.Literal('stop'),
  Type.Literal('error'),
]);
/** An amount in one currency. */
export const costSchema = Type.Object({ amount: Type.Number(), currency: Type.String() });

/** A ledger row as the governance operations return it. */
export const turnSchema = Type.Object({
  turnId: Type.String(),
  conversationId: Type.Optional(Type.String()),
  tenant: Type.String(),
  principalId: Type.String(),
  traceId: Type.Optional(Type.String()),
  provider: Type.Optional(Type.String()),
  requestedModel: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  inputTokens: Type.Integer(),
  outputTokens: Type.Integer(),
  cost: Type.Optional(costSchema),
  toolCalls: Type.Array(
    Type.Object({ toolCallId: Type.String(), toolName: Type.String(), outcome: Type.String() }),
  ),
  latencyMs: Type.Number(),
  outcome: outcomeSchema,
  errorCode: Type.Optional(Type.String()),
  startedAt: Type.String(),
  finishedAt: Type.String(),
});

/** An AI audit event as the governance operations return it. */
export const eventSchema = Type.Object({
  id: Type.String(),
  turnId: Type.String(),
  sequence: Type.Integer(),
  action: actionSchema,
  at: Type.String(),
  tenant: Type.String(),
  principalId: Type.String(),
  conversationId: Type.Optional(Type.String()),
  traceId: Type.Optional(Type.String()),
  toolCallId: Type.Optional(Type.String()),
  toolName: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  payload: Type.Optional(Type.Unknown()),
});

/** Requests, tokens and cost per currency. */
export const totalsSchema = Type.Object({
  requests: Type.Integer(),
  inputTokens: Type.Integer(),
  outputTokens: Type.Integer(),
  costs: Type.Array(costSchema),
  /**
   * The currency most models of the price table are priced in, to show a sum of no costs in (`costs` empty);
   * absent without prices.
   */
  currency: Type.Optional(Type.String()),
});

/** One group of a cost summary; `key` is null for turns without a model or provider. */
export const costRowSchema = Type.Object({
  key: Type.Union([Type.String(), Type.Null()]),
  requests: Type.Integer(),
  inputTokens: Type.Integer(),
  outputTokens: Type.Integer(),
  costs: Type.Array(costSchema),
});

/** Filters of `GET /governance/turns`. */
export const turnFilterFields = {
  outcome: Type.Optional(outcomeSchema),
  model: Type.Optional(text(200)),
  provider: Type.Optional(text(100)),
  principalId: Type.Optional(text(200)),
  conversationId: Type.Optional(text(200)),
  tool: Type.Optional(text(64)),
  from: Type.Optional(timeSchema),
  to: Type.Optional(timeSchema),
};

/** A conversation as its owner sees it. */
export const conversationSchema = Type.Object({
  id: Type.String(),
  title: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const textPart = Type.Object({ type: Type.Literal('text'), text: Type.String() });
const toolCallPart = Type.Object({
  type: Type.Literal('tool-call'),
  toolCallId: Type.String(),
  toolName: Type.String(),
  input: Type.Unknown(),
});
const toolResultPart = Type.Object({
  type: Type.Literal('tool-result'),
  toolCallId: Type.String(),
  toolName: Type.String(),
  output: Type.Unknown(),
});

/** A passage a turn put before the model, as its stream sent it. */
const sourceSchema = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  url: Type.Optional(Type.String({ description: 'Where a reader can open it, when the app knows.' })),
});

/** How a turn whose messages a conversation page shows ended, from the turn ledger. */
export const turnEndingSchema = Type.Object({
  turnId: Type.String(),
  outcome: outcomeSchema,
  code: Type.Optional(
    Type.String({ description: 'Why it failed or stopped: `CANCELLED` when its user stopped it.' }),
  ),
  sources: Type.Optional(
    Type.Array(sourceSchema, {
      description:
        'The passages the turn put before the model, which its answer may cite, as its stream sent them.',
    }),
  ),
});

/** Where an approval a page's tool results asked for stands now, from the approval store. */
export const approvalStateSchema = Type.Object({
  approvalId: Type.String(),
  status: Type.Union(
    [Type.Literal('pending'), Type.Literal('approved'), Type.Literal('declined'), Type.Literal('expired')],
    {
      description:
        '`expired`: never decided and past `expiresAt`, so approving or declining it is `APPROVAL_EXPIRED`.',
    },
  ),
  expiresAt: Type.String(),
});

/** A stored message: `content` is text, or parts (text, tool calls, tool results). */
export const messageSchema = Type.Object({
  sequence: Type.Integer(),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('tool')]),
  content: Type.Union([Type.String(), Type.Array(Type.Union([textPart, toolCallPart, toolResultPart]))]),
  turnId: Type.Optional(Type.String()),
  at: Type.String(),
});
