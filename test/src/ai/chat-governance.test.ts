import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  type Chat,
  type ChatOptions,
  chatJsonRoute,
  createAiMetrics,
  createApprovals,
  createChat,
  createChatOperations,
  createConversationOperations,
  createGovernance,
  createMemoryApprovalStore,
  createToolCatalog,
  type GovernanceOptions,
} from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { type AnyMiddleware, createOpwire, rateLimit } from '@opwire/core';
import { createFetchHandler, staticTokens } from '@opwire/http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from './openai-wire-server.js';

// The chat turn records through governance: these drive it over HTTP with the real `@ai-sdk/openai`
// client against a local server speaking the Chat Completions wire format.

let server: OpenAIWireServer;
beforeEach(async () => {
  server = await startOpenAIWireServer();
});
afterEach(() => server.close());

const prices = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' } };

function shop(
  options: {
    governance?: GovernanceOptions;
    chat?: Partial<Pick<ChatOptions, 'limits' | 'modelTimeoutMs' | 'providers'>>;
    /** App-wide middleware (a rate limit). */
    use?: readonly AnyMiddleware[];
  } = {},
) {
  const fixture = createOrdersFixture({ cancelNeedsApproval: true });
  const governance = createGovernance({ prices, ...options.governance });
  let chat: Chat | undefined;
  const app = createOpwire({
    operations: [
      ...fixture.operations,
      ...createChatOperations({ chat: () => chat! }),
      ...createConversationOperations({ governance }),
    ],
    ...(options.use ? { use: options.use } : {}),
  });
  chat = createChat({
    catalog: createToolCatalog({
      app,
      approvals: createApprovals({ app, store: governance.approvals, events: governance }),
    }),
    providers: { local: server.provider('gpt-4o-mini') },
    governance,
    ...options.chat,
  });
  const handler = createFetchHandler(app, {
    authenticate: staticTokens({
      'token-support': {
        ...fixtureCallers.support,
        permissions: [...fixtureCallers.support.permissions, 'chat:use'],
      },
      'token-customer': {
        ...fixtureCallers.customer,
        permissions: [...fixtureCallers.customer.permissions, 'chat:use'],
      },
    }),
    operationRoutes: [chatJsonRoute()],
    docs: false,
  });
  const call = async (
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await handler(
      new Request(`http://shop.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const chatAs = (token: string, body: unknown) => call('POST', '/ai/chat', token, body);
  /** The events of a turn streamed over `POST /ai/chat/stream`, as `[name, data]`. */
  const streamAs = async (token: string, body: unknown) => {
    const response = await handler(
      new Request('http://shop.test/ai/chat/stream', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return (await response.text())
      .trim()
      .split('\n\n')
      .map((block): [string | undefined, any] => {
        const [event, data] = block.split('\n');
        return [event?.slice('event: '.length), JSON.parse(data?.slice('data: '.length) ?? 'null')];
      });
  };
  return { ...fixture, app, governance, call, chatAs, streamAs };
}

const userText = (request: Record<string, any>) =>
  request.messages.filter((message: any) => message.role !== 'system').map((message: any) => message.content);

it('gives the model the conversation so far on the second turn, and the conversation lists both', async () => {
  const { chatAs, call } = shop();
  server.script({ kind: 'reply', text: 'Hello Ada.' }, { kind: 'reply', text: 'Your name is Ada.' });
  const first = await chatAs('token-support', { message: 'Hi, I am Ada.' });
  expect(first.status).toBe(200);
  const second = await chatAs('token-support', {
    conversationId: first.body.conversationId,
    message: 'What is my name?',
  });
  expect(second.body.conversationId).toBe(first.body.conversationId);
  expect(userText(server.requests[1]!)).toEqual(['Hi, I am Ada.', 'Hello Ada.', 'What is my name?']);
  const read = await call('GET', `/conversations/${first.body.conversationId}`, 'token-support');
  expect(read.body.messages.map((message: any) => message.role)).toEqual([
    'assistant',
    'user',
    'assistant',
    'user',
  ]);
});

/** The messages a model request carried after the system prompt: role, text, tool calls and the call a result answers. */
const history = (request: Record<string, any>) =>
  request.messages
    .filter((message: any) => message.role !== 'system')
    .map((message: any) => ({
      role: message.role,
      ...(message.content ? { content: message.content } : {}),
      ...(message.tool_calls
        ? { calls: message.tool_calls.map((call: any) => `${call.id} ${call.function.name}`) }
        : {}),
      ...(message.tool_call_id ? { answers: message.tool_call_id } : {}),
    }));

it("gives the next turn's model the tool calls of every step and their results, not only the last step", async () => {
  const { chatAs, call } = shop();
  server.script(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_list', name: 'orders_list', arguments: '{"status":null}' }],
    },
    { kind: 'reply', text: 'You have no orders.' },
    { kind: 'reply', text: 'As I said: none.' },
  );
  const first = await chatAs('token-support', { message: 'My orders?' });
  expect(first.status).toBe(200);
  await chatAs('token-support', { conversationId: first.body.conversationId, message: 'Sure?' });
  const turns = history(server.requests[2]!);
  expect(turns.map(({ content, ...rest }: any) => rest)).toEqual([
    { role: 'user' },
    { role: 'assistant', calls: ['call_list orders_list'] },
    { role: 'tool', answers: 'call_list' },
    { role: 'assistant' },
    { role: 'user' },
  ]);
  expect(JSON.parse(turns[2].content)).toMatchObject({ orders: [] });
  expect(turns[3].content).toBe('You have no orders.');
  const read = await call('GET', `/conversations/${first.body.conversationId}`, 'token-support');
  expect(read.body.messages.map((message: any) => message.role)).toEqual([
    'assistant',
    'user',
    'assistant',
    'tool',
    'assistant',
    'user',
  ]);
});

/**
 * Support asks to cancel an order, the model calls `orders_cancel`, which waits for approval; then support
 * answers the approval in the same conversation. Resolves to that second turn's answer.
 */
async function decideCancel({ chatAs, seed }: ReturnType<typeof shop>, approved: boolean, finalText: string) {
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        { id: 'call_cancel', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'reply', text: 'Approve it, please.' },
    { kind: 'reply', text: finalText },
  );
  const asked = await chatAs('token-support', { message: `Cancel ${order.id}` });
  const [pending] = asked.body.pendingApprovals;
  const decided = await chatAs('token-support', {
    conversationId: asked.body.conversationId,
    approvals: [{ approvalId: pending.approvalId, approved }],
  });
  return { order, decided };
}

/** AI metrics on an in-memory reader, and `opwire.ai.approvals` read back as `"<tool> <decision>" → count`. */
function meteredApprovals() {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const steps = async () => {
    await reader.forceFlush();
    const metric = exporter
      .getMetrics()
      .at(-1)
      ?.scopeMetrics.flatMap((scope) => scope.metrics)
      .find((found) => found.descriptor.name === 'opwire.ai.approvals');
    return Object.fromEntries(
      (metric?.dataPoints ?? []).map((point) => [
        `${point.attributes['gen_ai.tool.name']} ${point.attributes['opwire.ai.approval.decision']}`,
        point.value,
      ]),
    );
  };
  return { metrics: createAiMetrics({ meterProvider }), steps, close: () => meterProvider.shutdown() };
}

/** What the model is sent once the cancel was approved: the question, the pending call, the decided call. */
const historyAfterApprovedCancel = [
  { role: 'user' },
  { role: 'assistant', calls: ['call_cancel orders_cancel'] },
  { role: 'tool', answers: 'call_cancel' },
  { role: 'assistant' },
  { role: 'assistant', calls: ['call_cancel orders_cancel'] },
  { role: 'tool', answers: 'call_cancel' },
];

it("keeps a call that waited for approval in the history, then the decided call's result", async () => {
  const { order } = await decideCancel(shop(), true, 'Cancelled.');
  const turns = history(server.requests[2]!);
  expect(turns.map(({ content, ...rest }: any) => rest)).toEqual(historyAfterApprovedCancel);
  expect(JSON.parse(turns[2].content)).toMatchObject({ approval: { status: 'pending' } });
  expect(JSON.parse(turns[5].content)).toMatchObject({ id: order.id, status: 'cancelled' });
});

it('regenerates the answer after an approved call without undoing what the call did', async () => {
  const running = shop();
  const { order, decided } = await decideCancel(running, true, 'Cancelled.');
  expect(order.status).toBe('cancelled');
  server.script({ kind: 'reply', text: 'Your order is cancelled.' });
  const again = await running.chatAs('token-support', {
    conversationId: decided.body.conversationId,
    regenerate: true,
  });
  expect([again.status, again.body.text]).toEqual([200, 'Your order is cancelled.']);
  // The model answered from the history as it was before the replaced answer: the question once, the
  // approved call and its result, nothing asked anew and no second call.
  const turns = history(server.requests.at(-1)!);
  expect(turns.map(({ content, ...rest }: any) => rest)).toEqual(historyAfterApprovedCancel);
  const read = await running.call('GET', `/conversations/${decided.body.conversationId}`, 'token-support');
  const texts = read.body.messages.flatMap((message: any) =>
    typeof message.content === 'string'
      ? [message.content]
      : message.content.flatMap((part: any) => (part.type === 'text' ? [part.text] : [])),
  );
  expect(texts).toContain('Your order is cancelled.');
  expect(texts).not.toContain('Cancelled.');
  expect(order.status).toBe('cancelled');
});

it('records a declined call as approval_declined, never ok: in the ledger, the trail and the metrics', async () => {
  const running = shop();
  const { governance } = running;
  const { order, decided: declined } = await decideCancel(running, false, 'Left as it is.');
  expect(declined.status).toBe(200);
  expect(order.status).toBe('open');
  const row = await governance.ledger.get(declined.body.turnId, 'acme');
  expect(row?.toolCalls).toEqual([
    { toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome: 'approval_declined' },
  ]);
  const events = await governance.events.forTurn(declined.body.turnId, 'acme');
  expect(
    events.filter((event) => event.action === 'tool_result').map((event) => [event.toolName, event.code]),
  ).toEqual([['orders_cancel', 'approval_declined']]);
});

it.each([
  ['approve', 'ok', 'cancelled'],
  ['decline', 'approval_declined', 'open'],
])(
  '%s through POST /ai/approvals/{id}: the asking turn’s ledger row shows the call’s outcome, not approval_pending, and each step is counted once',
  async (decision, outcome, status) => {
    const metered = meteredApprovals();
    const { chatAs, call, governance, seed } = shop({ governance: { metrics: metered.metrics } });
    const order = seed();
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_cancel', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
        ],
      },
      { kind: 'reply', text: 'Approve it, please.' },
    );
    const asked = await chatAs('token-support', { message: `Cancel ${order.id}` });
    const calls = async () => (await governance.ledger.get(asked.body.turnId, 'acme'))?.toolCalls;
    expect(await calls()).toEqual([
      { toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome: 'approval_pending' },
    ]);
    const { approvalId } = asked.body.pendingApprovals[0];
    const decided = await call('POST', `/ai/approvals/${approvalId}/${decision}`, 'token-support', {});
    expect(decided.status).toBe(200);
    expect(order.status).toBe(status);
    expect(await calls()).toEqual([{ toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome }]);
    // A second decision is refused and changes nothing.
    const again = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
    expect(await calls()).toEqual([{ toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome }]);
    expect(await metered.steps()).toEqual({
      'orders_cancel requested': 1,
      [`orders_cancel ${decision === 'approve' ? 'approved' : 'declined'}`]: 1,
    });
    await metered.close();
  },
);

it('refuses to run an approval stored after its chat was deleted (the insert still running when the turn ended): 409, declined', async () => {
  // The approval's insert waits until told: the chat is deleted meanwhile, so the turn ends before it lands.
  const store = createMemoryApprovalStore();
  let inserting = () => {};
  let insert = () => {};
  const started = new Promise<void>((resolve) => {
    inserting = resolve;
  });
  const held: typeof store = {
    ...store,
    async create(approval, limit) {
      inserting();
      await new Promise<void>((resolve) => {
        insert = resolve;
      });
      await store.create(approval, limit);
    },
  };
  const { chatAs, call, governance, seed } = shop({ governance: { approvals: held } });
  const order = seed();
  server.script({
    kind: 'reply',
    toolCalls: [
      { id: 'call_cancel', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
    ],
  });
  const created = await call('POST', '/conversations', 'token-support', {});
  const conversationId = created.body.id;
  const asked = chatAs('token-support', { conversationId, message: `Cancel ${order.id}` });
  await started;
  const deleted = await call('DELETE', `/conversations/${conversationId}`, 'token-support');
  expect(deleted.body).toEqual({ id: conversationId, deleted: true });
  expect((await asked).body.code).toBe('CANCELLED');
  insert();
  await expect
    .poll(() => store.listPending(fixtureCallers.support, new Date().toISOString()))
    .toHaveLength(1);
  const [late] = await store.listPending(fixtureCallers.support, new Date().toISOString());
  const approvalId = late?.approvalId ?? '';
  const approved = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect([approved.status, approved.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
  expect(order.status).toBe('open');
  expect(await store.get(approvalId, fixtureCallers.support)).toMatchObject({ status: 'declined' });
  const events = await governance.events.forTurn(late?.turnId ?? '', 'acme');
  expect(events.filter((event) => event.action === 'approval_declined')).toEqual([
    expect.objectContaining({
      payload: expect.objectContaining({ approvalId, reason: 'conversation_deleted' }),
    }),
  ]);
});

it('keeps an approval open when POST /ai/approvals/{id}/approve is refused by a rate limit (429): approved after Retry-After, it runs once', async () => {
  let clock = Date.parse('2030-01-01T00:00:10Z');
  const limit = rateLimit({
    limit: 1,
    windowMs: 60_000,
    now: () => clock,
    appliesTo: (operation) => operation.id === 'orders.cancel',
  });
  const { chatAs, call, governance, seed, app } = shop({ use: [limit] });
  const [order, other] = [seed(), seed()];
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        { id: 'call_cancel', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'reply', text: 'Approve it, please.' },
  );
  const asked = await chatAs('token-support', { message: `Cancel ${order.id}` });
  const conversationId = asked.body.conversationId;
  const { approvalId } = asked.body.pendingApprovals[0];
  const calls = async () => (await governance.ledger.get(asked.body.turnId, 'acme'))?.toolCalls;
  const messages = async () =>
    (await call('GET', `/conversations/${conversationId}`, 'token-support')).body.messages;
  // Support's one cancel this minute, made directly.
  await app.invoke('orders.cancel', { orderId: other.id }, { caller: fixtureCallers.support });
  const before = await messages();
  const refused = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect([refused.status, refused.body.code, refused.headers.get('retry-after')]).toEqual([
    429,
    'RATE_LIMITED',
    '50',
  ]);
  // Nothing ran, nothing was told, and the approval still waits: asked again within the window, the same 429.
  expect(order.status).toBe('open');
  expect(await messages()).toEqual(before);
  expect(await calls()).toEqual([
    { toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome: 'approval_pending' },
  ]);
  const again = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect([again.status, again.body.code]).toEqual([429, 'RATE_LIMITED']);
  // After Retry-After, the same approval runs the call once.
  clock += 50_000;
  const approved = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect([approved.status, approved.body.status]).toEqual([200, 'approved']);
  expect(order.status).toBe('cancelled');
  expect(await calls()).toEqual([{ toolCallId: 'call_cancel', toolName: 'orders_cancel', outcome: 'ok' }]);
  // Told once: the call and its result (newest first), after what was there before the refusals.
  const after = await messages();
  expect(after.slice(2)).toEqual(before);
  expect(after.slice(0, 2).map((message: any) => message.role)).toEqual(['tool', 'assistant']);
  const spent = await call('POST', `/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect([spent.status, spent.body.code]).toEqual([409, 'APPROVAL_ALREADY_SETTLED']);
});

it('a decision sent in the chat settles the asking turn’s ledger row the same way', async () => {
  const running = shop();
  const { decided } = await decideCancel(running, false, 'Left as it is.');
  const { turns } = await running.governance.ledger.list(
    { tenant: 'acme', conversationId: decided.body.conversationId },
    { limit: 10 },
  );
  expect(turns.map((turn) => turn.toolCalls.map((each) => each.outcome))).toEqual([
    ['approval_declined'],
    ['approval_declined'],
  ]);
});

it("answers NOT_FOUND for someone else's conversation and calls no model", async () => {
  const { chatAs, call } = shop();
  server.script({ kind: 'reply', text: 'Hello.' });
  const mine = await chatAs('token-support', { message: 'Hi' });
  const theirs = await chatAs('token-customer', { conversationId: mine.body.conversationId, message: 'Hi' });
  expect([theirs.status, theirs.body.code]).toEqual([404, 'NOT_FOUND']);
  const read = await call('GET', `/conversations/${mine.body.conversationId}`, 'token-customer');
  expect([read.status, read.body.code]).toEqual([404, 'NOT_FOUND']);
  expect(server.requests).toHaveLength(1);
});

it('writes one ledger row per turn: the model that answered, tokens over all steps, cost from the price table', async () => {
  const { chatAs, governance } = shop();
  server.script(
    {
      kind: 'reply',
      model: 'gpt-4o-mini-2024-07-18',
      usage: [1000, 200],
      toolCalls: [{ id: 'call_1', name: 'orders_list', arguments: '{"status":null}' }],
    },
    { kind: 'reply', model: 'gpt-4o-mini-2024-07-18', usage: [3000, 800], text: 'None.' },
  );
  const answer = await chatAs('token-support', { message: 'My orders?' });
  const row = await governance.ledger.get(answer.body.turnId, 'acme');
  expect(row).toMatchObject({
    conversationId: answer.body.conversationId,
    tenant: 'acme',
    principalId: 'user-support',
    provider: 'local',
    requestedModel: 'gpt-4o-mini',
    model: 'gpt-4o-mini-2024-07-18',
    inputTokens: 4000,
    outputTokens: 1000,
    outcome: 'completed',
    toolCalls: [{ toolCallId: 'call_1', toolName: 'orders_list', outcome: 'ok' }],
  });
  // No tracing SDK is registered here: no all-zero trace id is stored as if it were one.
  expect(row?.traceId).toBeUndefined();
  expect((await governance.events.forTurn(answer.body.turnId, 'acme'))[0]?.traceId).toBeUndefined();
  // 4000 × 0.15 / 1e6 + 1000 × 0.6 / 1e6 = 0.0006 + 0.0006
  expect(row?.cost?.currency).toBe('USD');
  expect(row?.cost?.amount).toBeCloseTo(0.0012, 10);
  expect(answer.body.cost).toEqual(row?.cost);
});

it('keeps a complete, ordered and masked audit trail of a turn: request, calls, a denied call, an approval', async () => {
  const { chatAs, governance, seed } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        { id: 'call_1', name: 'orders_list', arguments: '{"status":null}' },
        { id: 'call_2', name: 'orders_purge', arguments: '{}' },
        { id: 'call_3', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'reply', text: 'Asked to cancel.' },
  );
  const answer = await chatAs('token-support', {
    message: 'I am ada@example.com, password: hunter2. Cancel my order.',
  });
  const events = await governance.events.forTurn(answer.body.turnId, 'acme');
  expect(events.map((event) => [event.sequence, event.action, event.toolName, event.code])).toEqual([
    [1, 'request', undefined, undefined],
    // A call the AI SDK cannot run is decided as the stream reads it, before the calls it runs.
    [2, 'tool_call', 'orders_purge', undefined],
    [3, 'tool_result', 'orders_purge', 'TOOL_NOT_FOUND'],
    [4, 'tool_call', 'orders_list', undefined],
    [5, 'tool_call', 'orders_cancel', undefined],
    // The cancel is prechecked (the order is looked up) before its approval is stored.
    [6, 'tool_result', 'orders_list', 'ok'],
    [7, 'approval_requested', 'orders_cancel', undefined],
    [8, 'tool_result', 'orders_cancel', 'approval_pending'],
  ]);
  expect(events[0]?.payload).toEqual({ message: 'I am [email], password: [masked] Cancel my order.' });
  const stored = JSON.stringify(events);
  expect(stored).not.toContain('ada@example.com');
  expect(stored).not.toContain('hunter2');
  expect(stored).toContain('[masked]');
  expect(order.status).toBe('open');
});

it('masks secrets written in chat text as it masks the same key names in tool input', async () => {
  const { chatAs, governance } = shop();
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        {
          id: 'call_1',
          name: 'orders_purge',
          arguments: JSON.stringify({ DB_PASSWORD: 'K1secret', note: 'DB_PASSWORD=K2secret' }),
        },
      ],
    },
    { kind: 'reply', text: 'I cannot.' },
  );
  const answer = await chatAs('token-support', {
    message:
      'Deploy with access_token=AT111secretvalue, client_secret=CS222secretvalue, DB_PASSWORD=DB333secretvalue, ' +
      'https://x.example/cb?access_token=URL444secret, ghp_1234567890abcdefghijABCDEFGHIJ123456, ' +
      'AKIAIOSFODNN7EXAMPLE and xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx. Our password reset is broken.',
  });
  const events = await governance.events.forTurn(answer.body.turnId, 'acme');
  expect(events[0]?.payload).toEqual({
    message:
      'Deploy with access_token=[masked], client_secret=[masked], DB_PASSWORD=[masked], ' +
      'https://x.example/cb?access_token=[masked], [token], [token] and [token]. Our password reset is broken.',
  });
  expect(events.find((event) => event.action === 'tool_call')?.payload).toEqual({
    input: { DB_PASSWORD: '[masked]', note: 'DB_PASSWORD=[masked]' },
  });
  const stored = JSON.stringify(events);
  for (const planted of ['AT111', 'CS222', 'DB333', 'URL444', 'K1secret', 'K2secret', 'ghp_', 'AKIA', 'xoxb'])
    expect(stored).not.toContain(planted);
});

it('keeps one turn with a tool call, a denied call, an approval and a stop complete, ordered and masked', async () => {
  const { app, governance, seed } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        { id: 'call_1', name: 'orders_list', arguments: '{}' },
        // Support may not create orders: denied by the pipeline, with a planted email in its arguments.
        {
          id: 'call_2',
          name: 'orders_create',
          arguments: '{"sku":"tea for grace@example.org","quantity":1}',
        },
        { id: 'call_3', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'hang', chunks: ['Working '], delayMs: 5 },
  );
  const controller = new AbortController();
  const stream = (await app.invoke(
    'ai.chat',
    { message: 'I am ada@example.com, my password is hunter2. Tidy up my orders.' },
    { caller: fixtureCallers.support, signal: controller.signal },
  )) as AsyncIterable<any>;
  let turnId = '';
  await expect(
    (async () => {
      for await (const event of stream) {
        if (event.type === 'start') turnId = event.turnId;
        if (event.type === 'text') controller.abort(); // the user presses stop during the second step
      }
    })(),
  ).rejects.toMatchObject({ code: 'CANCELLED' });
  await expect.poll(() => governance.ledger.get(turnId, 'acme')).toMatchObject({ outcome: 'stopped' });
  const events = await governance.events.forTurn(turnId, 'acme');
  expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
  const byCall = (toolName: string) =>
    events.filter((event) => event.toolName === toolName).map((event) => [event.action, event.code]);
  expect(events[0]?.action).toBe('request');
  expect(byCall('orders_list')).toEqual([
    ['tool_call', undefined],
    ['tool_result', 'ok'],
  ]);
  expect(byCall('orders_create')).toEqual([
    ['tool_call', undefined],
    ['tool_result', 'PERMISSION_DENIED'],
  ]);
  expect(byCall('orders_cancel')).toEqual([
    ['tool_call', undefined],
    ['approval_requested', undefined],
    ['tool_result', 'approval_pending'],
  ]);
  expect(events.at(-1)).toMatchObject({ action: 'stop', code: 'CANCELLED' });
  expect(events).toHaveLength(9);
  const stored = JSON.stringify(events);
  for (const planted of ['ada@example.com', 'grace@example.org', 'hunter2'])
    expect(stored).not.toContain(planted);
  expect(order.status).toBe('open');
});

it("audits a call the caller's permissions refuse with its code, and the order stays as it was", async () => {
  const { chatAs, governance, seed } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) }],
    },
    { kind: 'reply', text: 'I cannot.' },
  );
  const answer = await chatAs('token-customer', { message: `Cancel ${order.id}` });
  const events = await governance.events.forTurn(answer.body.turnId, 'acme');
  expect(events.map((event) => [event.action, event.toolName, event.code])).toEqual([
    ['request', undefined, undefined],
    ['tool_call', 'orders_cancel', undefined],
    ['tool_result', 'orders_cancel', 'PERMISSION_DENIED'],
  ]);
  const row = await governance.ledger.get(answer.body.turnId, 'acme');
  expect(row?.toolCalls).toEqual([
    { toolCallId: 'call_1', toolName: 'orders_cancel', outcome: 'PERMISSION_DENIED' },
  ]);
  expect(order.status).toBe('open');
});

it('audits a stopped turn with a stop event and a ledger row that says stopped, and keeps what was said', async () => {
  const { app, governance, call } = shop();
  server.script({ kind: 'hang', chunks: ['Thinking ', 'about ', 'it '], delayMs: 5 });
  const controller = new AbortController();
  const stream = await app.invoke(
    'ai.chat',
    { message: 'Tell me a long story' },
    { caller: fixtureCallers.support, signal: controller.signal },
  );
  let turnId = '';
  let conversationId = '';
  let shown = '';
  await expect(
    (async () => {
      for await (const event of stream as AsyncIterable<any>) {
        if (event.type === 'start') ({ turnId, conversationId } = event);
        if (event.type === 'text') {
          shown += event.delta;
          if (shown === 'Thinking about ') controller.abort();
        }
      }
    })(),
  ).rejects.toMatchObject({ code: 'CANCELLED' });
  await server.disconnected;
  await expect.poll(() => governance.ledger.get(turnId, 'acme')).toMatchObject({ outcome: 'stopped' });
  const actions = (await governance.events.forTurn(turnId, 'acme')).map((event) => event.action);

  expect(actions).toEqual(['request', 'stop']);
  // The words the user saw before stopping are kept in the conversation, in the stopped turn (newest first).
  const conversation = await call('GET', `/conversations/${conversationId}`, 'token-support');
  expect(
    conversation.body.messages.map((message: any) => [message.role, message.content, message.turnId]),
  ).toEqual([
    ['assistant', [{ type: 'text', text: 'Thinking about ' }], turnId],
    ['user', 'Tell me a long story', turnId],
  ]);
  // And the page learns that this turn was stopped by its user, to say so again after a reload.
  expect(conversation.body.turns).toEqual([{ turnId, outcome: 'stopped', code: 'CANCELLED' }]);
  // It still does once retention has trimmed the turn's ledger row: the ending is kept with the messages.
  expect(await governance.ledger.trim({ before: '2999-01-01T00:00:00.000Z' })).toBe(1);
  expect(await governance.ledger.get(turnId, 'acme')).toBeUndefined();
  const afterTrim = await call('GET', `/conversations/${conversationId}`, 'token-support');
  expect(afterTrim.body.turns).toEqual([{ turnId, outcome: 'stopped', code: 'CANCELLED' }]);
});

it('keeps no conversation a refused turn made, and keeps one that was there', async () => {
  const { chatAs, call } = shop({
    governance: { budgets: [{ scope: 'principal', period: 'day', maxTokens: 100 }] },
  });
  const conversations = async () =>
    (await call('GET', '/conversations', 'token-support')).body.conversations.map(
      (conversation: { id: string }) => conversation.id,
    );
  const unknownApproval = await chatAs('token-support', {
    approvals: [{ approvalId: 'no-such-approval', approved: true }],
  });
  expect([unknownApproval.status, unknownApproval.body.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
  const clientId = await chatAs('token-support', {
    conversationId: 'client-chat-1',
    approvals: [{ approvalId: 'no-such-approval', approved: false }],
  });
  expect(clientId.body.code).toBe('APPROVAL_NOT_FOUND');
  expect(await conversations()).toEqual([]);
  // The client's chat stays usable: no one else can take its id, and its owner asks again under it.
  const taken = await chatAs('token-customer', { conversationId: 'client-chat-1', message: 'Mine?' });
  expect([taken.status, taken.body.code]).toEqual([404, 'NOT_FOUND']);

  server.script({ kind: 'reply', text: 'Hello.', usage: [90, 20] });
  const kept = await chatAs('token-support', { conversationId: 'client-chat-1', message: 'Hi' });
  expect([kept.status, kept.body.conversationId, kept.body.text]).toEqual([200, 'client-chat-1', 'Hello.']);
  const overBudget = await chatAs('token-support', { conversationId: 'client-chat-2', message: 'Hi again' });
  expect(overBudget.body.code).toBe('BUDGET_EXCEEDED');
  // Asked again in the same chat (as useChat's retry does): the budget again, not a conversation gone missing.
  const overBudgetAgain = await chatAs('token-support', {
    conversationId: 'client-chat-2',
    message: 'Hi again',
  });
  expect([overBudgetAgain.status, overBudgetAgain.body.code]).toEqual([429, 'BUDGET_EXCEEDED']);
  const refusedInKept = await chatAs('token-support', {
    conversationId: kept.body.conversationId,
    message: 'And again',
  });
  expect(refusedInKept.body.code).toBe('BUDGET_EXCEEDED');
  expect(await conversations()).toEqual(['client-chat-1']);
  expect(server.requests).toHaveLength(1);
});

it('refuses regenerateAfter without regenerate: true (400 FIELD_NEEDS_TRUE), storing and asking nothing', async () => {
  const { chatAs, call } = shop();
  for (const body of [
    { message: 'Hi', regenerateAfter: 'turn-1' },
    { conversationId: 'client-chat-4', message: 'Hi', regenerate: false, regenerateAfter: 'turn-1' },
  ]) {
    const refused = await chatAs('token-support', body);
    expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
      400,
      'FIELD_NEEDS_TRUE',
      'Field "regenerateAfter" is only accepted together with "regenerate": true.',
    ]);
  }
  const inChinese = await call(
    'POST',
    '/ai/chat',
    'token-support',
    { message: 'Hi', regenerateAfter: 'turn-1' },
    { 'accept-language': 'zh-CN' },
  );
  expect(inChinese.body.detail).toBe('字段“regenerateAfter”只能与“regenerate”: true 一起使用。');
  expect((await call('GET', '/conversations', 'token-support')).body.conversations).toEqual([]);
  expect(server.requests).toHaveLength(0);
});

it('edits a question over /ai/chat: the new text and its answer replace it and all after, even when the answer fails', async () => {
  const { chatAs, call } = shop();
  const texts = async (conversationId: string) =>
    (await call('GET', `/conversations/${conversationId}`, 'token-support')).body.messages.map(
      (message: any) =>
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part: any) => part.text ?? '').join(''),
    );
  server.script({ kind: 'reply', text: 'Red.' }, { kind: 'reply', text: 'Apple.' });
  const first = await chatAs('token-support', { message: 'Name a colour.' });
  const conversationId = first.body.conversationId;
  await chatAs('token-support', { conversationId, message: 'Name a fruit.' });
  // Without `regenerate: true` an edit is refused, nothing changed or asked.
  const refused = await chatAs('token-support', { conversationId, message: 'Name a tree.', edit: true });
  expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
    400,
    'FIELD_NEEDS_TRUE',
    'Field "edit" is only accepted together with "regenerate": true.',
  ]);
  expect(server.requests).toHaveLength(2);
  // The edit's model fails: the edited question still replaces the old one and its answer, unanswered.
  server.script({ kind: 'status', status: 500, message: 'the model is down' });
  const failed = await chatAs('token-support', {
    conversationId,
    message: 'Name a vegetable.',
    regenerate: true,
    edit: true,
    regenerateAfter: first.body.turnId,
  });
  expect([failed.status, failed.body.code]).toEqual([503, 'PROVIDER_FAILED']);
  expect(await texts(conversationId)).toEqual(['Name a vegetable.', 'Red.', 'Name a colour.']);
  // Asked again, the edit is answered from the history before it.
  server.script({ kind: 'reply', text: 'Carrot.' });
  const again = await chatAs('token-support', {
    conversationId,
    message: 'Name a vegetable.',
    regenerate: true,
    edit: true,
    regenerateAfter: first.body.turnId,
  });
  expect([again.status, again.body.text]).toEqual([200, 'Carrot.']);
  expect(userText(server.requests.at(-1)!)).toEqual(['Name a colour.', 'Red.', 'Name a vegetable.']);
  expect(await texts(conversationId)).toEqual(['Carrot.', 'Name a vegetable.', 'Red.', 'Name a colour.']);
});

it('refuses an edit that also decides approvals (400 FIELD_EXCLUDES), deciding, storing and asking nothing', async () => {
  const running = shop();
  const order = running.seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [
        { id: 'call_cancel', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'reply', text: 'Approve it, please.' },
    { kind: 'reply', text: 'Hello.' },
  );
  const asked = await running.chatAs('token-support', { message: `Cancel ${order.id}` });
  const conversationId = asked.body.conversationId;
  const [pending] = asked.body.pendingApprovals;
  await running.chatAs('token-support', { conversationId, message: 'Hi.' });
  const before = await running.call('GET', `/conversations/${conversationId}`, 'token-support');
  const requests = server.requests.length;
  // Editing the newest question (after the turn that asked) while deciding the earlier turn's approval.
  const body = {
    conversationId,
    message: 'Hello?',
    regenerate: true,
    edit: true,
    regenerateAfter: asked.body.turnId,
    approvals: [{ approvalId: pending.approvalId, approved: true }],
  };
  const refused = await running.chatAs('token-support', body);
  expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
    400,
    'FIELD_EXCLUDES',
    'Field "approvals" cannot be sent together with "edit".',
  ]);
  const inChinese = await running.call('POST', '/ai/chat', 'token-support', body, {
    'accept-language': 'zh-CN',
  });
  expect(inChinese.body.detail).toBe('字段“approvals”不能与“edit”同时发送。');
  expect(server.requests).toHaveLength(requests);
  const after = await running.call('GET', `/conversations/${conversationId}`, 'token-support');
  expect(after.body.messages).toEqual(before.body.messages);
  // The approval is still open: the order was not cancelled, and deciding it alone runs the call.
  expect(running.orders.get(order.id)?.status).toBe('open');
  server.script({ kind: 'reply', text: 'Cancelled.' });
  const decided = await running.chatAs('token-support', {
    conversationId,
    approvals: [{ approvalId: pending.approvalId, approved: true }],
  });
  expect(decided.status).toBe(200);
  expect(running.orders.get(order.id)?.status).toBe('cancelled');
});

it('refuses to edit a question an answer since asked for an approval (409 QUESTION_NOT_EDITABLE), changing nothing', async () => {
  const running = shop();
  const { decided } = await decideCancel(running, true, 'Cancelled.');
  const conversationId = decided.body.conversationId;
  const before = await running.call('GET', `/conversations/${conversationId}`, 'token-support');
  const asked = server.requests.length;
  const refused = await running.chatAs('token-support', {
    conversationId,
    message: 'What is my order status?',
    regenerate: true,
    edit: true,
  });
  expect([refused.status, refused.body.code]).toEqual([409, 'QUESTION_NOT_EDITABLE']);
  expect(server.requests).toHaveLength(asked);
  const after = await running.call('GET', `/conversations/${conversationId}`, 'token-support');
  expect(after.body.messages).toEqual(before.body.messages);
});

it('keeps an order a failed turn placed: regenerate: true answers on from it, and an earlier answer is 409', async () => {
  const running = shop();
  const place = {
    id: 'call_place',
    name: 'orders_create',
    arguments: '{"sku":"tea","quantity":1,"priority":null}',
  };
  server.script(
    { kind: 'reply', text: 'Hello.' },
    { kind: 'reply', toolCalls: [place] },
    { kind: 'cut', text: 'I placed your ' },
  );
  const hello = await running.chatAs('token-customer', { message: 'Hi' });
  const conversationId = hello.body.conversationId;
  const failed = await running.chatAs('token-customer', { conversationId, message: 'Order one tea' });
  expect(failed.body.code).toBe('PROVIDER_FAILED');
  expect(running.orders.size).toBe(1);

  // The earlier answer and its question stay as they are: what the failed turn did is told after them.
  const before = await running.call('GET', `/conversations/${conversationId}`, 'token-customer');
  const asked = server.requests.length;
  const again = await running.chatAs('token-customer', { conversationId, regenerate: true, message: 'Hi' });
  const edit = { conversationId, regenerate: true, edit: true, message: 'Hello' };
  const edited = await running.chatAs('token-customer', edit);
  expect([again.status, again.body.code, edited.status, edited.body.code]).toEqual([
    409,
    'ANSWER_NOT_REPLACEABLE',
    409,
    'QUESTION_NOT_EDITABLE',
  ]);
  expect(server.requests).toHaveLength(asked);
  expect((await running.call('GET', `/conversations/${conversationId}`, 'token-customer')).body).toEqual(
    before.body,
  );

  server.script({ kind: 'reply', text: 'Your tea is ordered.' });
  const retried = await running.chatAs('token-customer', {
    conversationId,
    regenerate: true,
    message: 'Order one tea',
  });
  expect([retried.status, retried.body.text]).toEqual([200, 'Your tea is ordered.']);
  expect(running.orders.size).toBe(1);
  expect(history(server.requests.at(-1)!).map(({ content, ...rest }: any) => rest)).toEqual([
    { role: 'user' },
    { role: 'assistant' },
    { role: 'user' },
    { role: 'assistant', calls: ['call_place orders_create'] },
    { role: 'tool', answers: 'call_place' },
  ]);
});

it('keeps no conversation a regeneration with nothing to ask again made, and asks no model', async () => {
  const { chatAs, call } = shop();
  for (const body of [{ regenerate: true }, { conversationId: 'client-chat-3', regenerate: true }]) {
    const refused = await chatAs('token-support', body);
    expect([refused.status, refused.body.code]).toEqual([400, 'MISSING_FIELD']);
  }
  expect((await call('GET', '/conversations', 'token-support')).body.conversations).toEqual([]);
  // The client's id stays its owner's: asked under it, the question is answered there.
  server.script({ kind: 'reply', text: 'Hello.' });
  const asked = await chatAs('token-support', { conversationId: 'client-chat-3', message: 'Hi' });
  expect([asked.status, asked.body.conversationId, asked.body.text]).toEqual([
    200,
    'client-chat-3',
    'Hello.',
  ]);
  expect(server.requests).toHaveLength(1);
});

it('fails a turn whose model stream ends mid-answer with 503 PROVIDER_FAILED, never a completed answer', async () => {
  const { chatAs, call, governance } = shop();
  server.script({ kind: 'cut', text: 'Refunds are paid only if ' });
  const answer = await chatAs('token-support', { conversationId: 'cut-chat', message: 'Refunds?' });
  expect([answer.status, answer.body.code]).toEqual([503, 'PROVIDER_FAILED']);
  const { turns } = await governance.ledger.list(
    { tenant: 'acme', conversationId: 'cut-chat' },
    { limit: 10 },
  );
  expect(turns.map((turn) => [turn.outcome, turn.errorCode])).toEqual([['failed', 'PROVIDER_FAILED']]);
  // As any failed turn: the question stays, the cut answer is not kept as if it were the whole one.
  const read = await call('GET', '/conversations/cut-chat', 'token-support');
  expect(read.body.messages.map((message: { role: string }) => message.role)).toEqual(['user']);
  expect(read.body.turns).toEqual([{ turnId: turns[0]?.turnId, outcome: 'failed', code: 'PROVIDER_FAILED' }]);
});

it('fails a turn the provider refuses (401, 400) with 502 PROVIDER_REJECTED, naming the status, not "try again"', async () => {
  const { call, chatAs, governance } = shop();
  server.script({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
  const refused = await chatAs('token-support', { conversationId: 'refused-chat', message: 'Hi' });
  expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
    502,
    'PROVIDER_REJECTED',
    'The language model provider refused this request (HTTP 401); asking again unchanged will not help.',
  ]);
  const { turns } = await governance.ledger.list(
    { tenant: 'acme', conversationId: 'refused-chat' },
    { limit: 10 },
  );
  expect(turns.map((turn) => [turn.outcome, turn.errorCode])).toEqual([['failed', 'PROVIDER_REJECTED']]);

  server.script({ kind: 'status', status: 400, message: 'context_length_exceeded' });
  const inChinese = await call(
    'POST',
    '/ai/chat',
    'token-support',
    { message: 'Hi' },
    { 'accept-language': 'zh-CN' },
  );
  expect([inChinese.status, inChinese.body.code, inChinese.body.detail]).toEqual([
    502,
    'PROVIDER_REJECTED',
    '语言模型服务拒绝了此请求（HTTP 400），原样重试不会成功。',
  ]);
  // A failure that may pass (a 5xx, a 429) is still PROVIDER_FAILED, 503.
  server.script({ kind: 'status', status: 429, message: 'slow down' });
  const limited = await chatAs('token-support', { message: 'Hi' });
  expect([limited.status, limited.body.code]).toEqual([503, 'PROVIDER_FAILED']);
});

it('answers and records a turn whose provider reports a fraction of a token or more than can be counted', async () => {
  const { chatAs, streamAs, governance } = shop();
  server.script({ kind: 'reply', text: 'Hello.', usage: [10.5, 2.4] });
  const answer = await chatAs('token-support', { message: 'Hi' });
  expect([answer.status, answer.body.usage]).toEqual([200, { inputTokens: 11, outputTokens: 2 }]);
  expect(await governance.ledger.get(answer.body.turnId, 'acme')).toMatchObject({
    inputTokens: 11,
    outputTokens: 2,
    cost: { amount: 0.00000285, currency: 'USD' },
  });
  server.script({ kind: 'reply', text: 'Hello.', usage: [10.5, 1e19] });
  const events = await streamAs('token-support', { message: 'Hi' });
  const done = events.at(-1);
  expect(done?.[0]).toBe('done');
  expect(done?.[1].usage).toEqual({ inputTokens: 11, outputTokens: Number.MAX_SAFE_INTEGER });
  expect(await governance.ledger.get(done?.[1].turnId, 'acme')).toMatchObject({
    outcome: 'completed',
    inputTokens: 11,
    outputTokens: Number.MAX_SAFE_INTEGER,
  });
});

it('counts a negative usage as none: the turn costs nothing, never less, and a money budget still refuses', async () => {
  const { chatAs, governance } = shop({
    governance: {
      budgets: [{ scope: 'principal', period: 'day', maxCost: { amount: 0.01, currency: 'USD' } }],
    },
  });
  server.script(
    { kind: 'reply', text: 'Hello.', usage: [-100_000_000, -1] },
    { kind: 'reply', text: 'Hello.', usage: [100_000, 0] },
  );
  const negative = await chatAs('token-support', { message: 'Hi' });
  expect([negative.status, negative.body.usage, negative.body.cost]).toEqual([
    200,
    { inputTokens: 0, outputTokens: 0 },
    { amount: 0, currency: 'USD' },
  ]);
  // 100,000 × 0.15 / 1e6 = $0.015, past the $0.01 the principal may spend in a day.
  expect((await chatAs('token-support', { message: 'Hi' })).status).toBe(200);
  const refused = await chatAs('token-support', { message: 'Hi again' });
  expect([refused.status, refused.body.code, refused.body.data?.used]).toEqual([
    429,
    'BUDGET_EXCEEDED',
    0.015,
  ]);
  expect(server.requests).toHaveLength(2);
  const turns = await governance.ledger.list({ tenant: 'acme' }, { limit: 10 });
  expect(turns.turns.every((turn) => (turn.cost?.amount ?? 0) >= 0)).toBe(true);
});

it('costs a turn whose steps different models answered step by step, in the answer, the ledger and a budget', async () => {
  const { chatAs, governance } = shop({
    governance: {
      prices: {
        ...prices,
        'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
      },
      budgets: [{ scope: 'principal', period: 'day', maxCost: { amount: 1, currency: 'USD' } }],
    },
  });
  server.script(
    {
      kind: 'reply',
      model: 'gpt-4o',
      usage: [1_000_000, 1_000_000],
      toolCalls: [{ id: 'call_1', name: 'orders_list', arguments: '{"status":null}' }],
    },
    { kind: 'reply', model: 'gpt-4o-mini', usage: [10, 10], text: 'None.' },
  );
  const answer = await chatAs('token-support', { message: 'My orders?' });
  // 2.5 + 10 for the first step, (10 × 0.15 + 10 × 0.6) / 1e6 for the second.
  const cost = { amount: 12.5000075, currency: 'USD' };
  expect([answer.status, answer.body.cost, answer.body.model]).toEqual([200, cost, 'gpt-4o-mini']);
  expect(await governance.ledger.get(answer.body.turnId, 'acme')).toMatchObject({
    model: 'gpt-4o-mini',
    cost,
  });
  const refused = await chatAs('token-support', { message: 'And now?' });
  expect([refused.status, refused.body.code, refused.body.data?.used]).toEqual([
    429,
    'BUDGET_EXCEEDED',
    12.5000075,
  ]);
});

it('refuses a turn past its budget with 429 BUDGET_EXCEEDED before any model request', async () => {
  const { chatAs, governance } = shop({
    governance: { budgets: [{ scope: 'principal', period: 'day', maxTokens: 100 }] },
  });
  server.script({ kind: 'reply', text: 'Hello.', usage: [90, 20] });
  expect((await chatAs('token-support', { message: 'Hi' })).status).toBe(200);
  const refused = await chatAs('token-support', { message: 'Hi again' });
  expect([refused.status, refused.body.code]).toEqual([429, 'BUDGET_EXCEEDED']);
  expect(refused.body.data).toMatchObject({ scope: 'principal', period: 'day', limit: 100, used: 110 });
  // Retry-After: the seconds until the budget's day ends.
  const left = (Date.parse(refused.body.data.resetsAt) - Date.now()) / 1000;
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(left - 60);
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(Math.ceil(left) + 1);
  expect(server.requests).toHaveLength(1);
  // Another principal of the tenant has its own budget. (A turn in a later millisecond: the ledger lists newest
  // first by time, and two turns of one millisecond would come in either order.)
  await new Promise((resolve) => setTimeout(resolve, 2));
  server.script({ kind: 'reply', text: 'Hello.' });
  expect((await chatAs('token-customer', { message: 'Hi' })).status).toBe(200);
  // The refused turn has its ledger row too: failed, no tokens.
  const turns = await governance.ledger.list({ tenant: 'acme' }, { limit: 10 });
  expect(
    turns.turns.map((turn) => [turn.principalId, turn.outcome, turn.errorCode, turn.inputTokens]),
  ).toEqual([
    ['user-customer', 'completed', undefined, 11],
    ['user-support', 'failed', 'BUDGET_EXCEEDED', 0],
    ['user-support', 'completed', undefined, 90],
  ]);
});

it('gives a model that repeats a tool-call id two separate approvals, and runs each only when approved', async () => {
  const { chatAs, seed, orders } = shop();
  const first = seed();
  const second = seed();
  const cancel = (id: string, orderId: string) => ({
    kind: 'reply' as const,
    toolCalls: [{ id, name: 'orders_cancel', arguments: JSON.stringify({ orderId }) }],
  });
  server.script(
    cancel('call_0', first.id),
    { kind: 'reply', text: 'Approve the first.' },
    cancel('call_0', second.id),
    { kind: 'reply', text: 'Approve the second.' },
  );
  const a = await chatAs('token-support', { message: `Cancel ${first.id}` });
  const b = await chatAs('token-support', {
    conversationId: a.body.conversationId,
    message: `Cancel ${second.id}`,
  });
  const [pendingA] = a.body.pendingApprovals;
  const [pendingB] = b.body.pendingApprovals;
  expect(pendingA.toolCallId).toBe('call_0');
  expect(pendingB.toolCallId).toBe('call_0');
  expect(pendingA.approvalId).not.toBe(pendingB.approvalId);
  server.script({ kind: 'reply', text: 'Cancelled the second.' });
  const decided = await chatAs('token-support', {
    conversationId: a.body.conversationId,
    approvals: [{ approvalId: pendingB.approvalId, approved: true }],
  });
  expect(decided.status).toBe(200);
  expect(orders.get(second.id)?.status).toBe('cancelled');
  expect(orders.get(first.id)?.status).toBe('open');
  // The model sees the decided call as a tool call and its result.
  const last = server.requests.at(-1)!;
  const toolMessage = last.messages.findLast((message: any) => message.role === 'tool');
  expect(JSON.parse(toolMessage.content)).toMatchObject({ id: second.id, status: 'cancelled' });
  // The same approval cannot run twice.
  const again = await chatAs('token-support', {
    conversationId: a.body.conversationId,
    approvals: [{ approvalId: pendingB.approvalId, approved: true }],
  });
  expect(again.body.code).toMatch(/^APPROVAL_/);
});

it('decides an approval only in the conversation that asked for it, never recording it in another', async () => {
  const { chatAs, call, seed, orders } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) }],
    },
    { kind: 'reply', text: 'Approve it, please.' },
    { kind: 'reply', text: 'Hello.' },
    { kind: 'reply', text: 'Cancelled.' },
  );
  const asked = await chatAs('token-support', { message: `Cancel ${order.id}` });
  const [pending] = asked.body.pendingApprovals;
  const other = await chatAs('token-support', { message: 'Hi' });
  const requests = server.requests.length;
  for (const conversationId of [other.body.conversationId, 'a-new-chat']) {
    const elsewhere = await chatAs('token-support', {
      conversationId,
      approvals: [{ approvalId: pending.approvalId, approved: true }],
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
  }
  expect(orders.get(order.id)?.status).toBe('open');
  expect(server.requests.length).toBe(requests);
  const read = await call('GET', `/conversations/${other.body.conversationId}`, 'token-support');
  expect(read.body.messages.map((message: { role: string }) => message.role)).toEqual(['assistant', 'user']);
  // In its own conversation it is decided as ever.
  const decided = await chatAs('token-support', {
    conversationId: asked.body.conversationId,
    approvals: [{ approvalId: pending.approvalId, approved: true }],
  });
  expect([decided.status, decided.body.text]).toEqual([200, 'Cancelled.']);
  expect(orders.get(order.id)?.status).toBe('cancelled');
});

it('checks every approval decision of a request before carrying out any: a refused request runs none', async () => {
  const { chatAs, call, seed, orders } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) }],
    },
    { kind: 'reply', text: 'Approve it, please.' },
    { kind: 'reply', text: 'Cancelled.' },
  );
  const asked = await chatAs('token-support', { message: `Cancel ${order.id}` });
  const [pending] = asked.body.pendingApprovals;
  const conversationId = asked.body.conversationId;
  const requests = server.requests.length;
  const twice = await call(
    'POST',
    '/ai/chat',
    'token-support',
    {
      conversationId,
      approvals: [
        { approvalId: pending.approvalId, approved: true },
        { approvalId: pending.approvalId, approved: false },
      ],
    },
    { 'accept-language': 'zh-CN' },
  );
  expect([twice.status, twice.body.code, twice.body.field]).toEqual([
    400,
    'OUT_OF_RANGE',
    'approvals[1].approvalId',
  ]);
  expect(twice.body.detail).toBe('字段“approvals[1].approvalId”超出范围（应为 同一请求中未决定过的审批）。');
  const unknown = await chatAs('token-support', {
    conversationId,
    approvals: [
      { approvalId: pending.approvalId, approved: true },
      { approvalId: 'no-such-approval', approved: true },
    ],
  });
  expect([unknown.status, unknown.body.code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
  // Neither ran the cancel, nor asked the model, and the conversation still holds the call as waiting.
  expect(orders.get(order.id)?.status).toBe('open');
  expect(server.requests.length).toBe(requests);
  const read = await call('GET', `/conversations/${conversationId}`, 'token-support');
  expect(read.body.messages).toHaveLength(4);
  // The approval is still there to decide.
  const decided = await chatAs('token-support', {
    conversationId,
    approvals: [{ approvalId: pending.approvalId, approved: true }],
  });
  expect([decided.status, decided.body.text]).toEqual([200, 'Cancelled.']);
  expect(orders.get(order.id)?.status).toBe('cancelled');
});

it('runs no tool call past the per-step cap; the ones past it get TOOL_CALL_LIMIT_REACHED', async () => {
  const { chatAs, governance, seed } = shop({ chat: { limits: { toolCallsPerStep: 2 } } });
  seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [1, 2, 3, 4].map((n) => ({ id: `call_${n}`, name: 'orders_list', arguments: '{}' })),
    },
    { kind: 'reply', text: 'Done.' },
  );
  const answer = await chatAs('token-support', { message: 'List four times' });
  // Results arrive as calls finish; in call order:
  const outputs = [...answer.body.steps[0].toolResults]
    .sort((a: any, b: any) => a.toolCallId.localeCompare(b.toolCallId))
    .map((result: any) => result.output.error?.code ?? 'ran');
  expect(outputs).toEqual(['ran', 'ran', 'TOOL_CALL_LIMIT_REACHED', 'TOOL_CALL_LIMIT_REACHED']);
  const row = await governance.ledger.get(answer.body.turnId, 'acme');
  expect(
    [...(row?.toolCalls ?? [])]
      .sort((a, b) => a.toolCallId.localeCompare(b.toolCallId))
      .map((call) => call.outcome),
  ).toEqual(['ok', 'ok', 'TOOL_CALL_LIMIT_REACHED', 'TOOL_CALL_LIMIT_REACHED']);
});

it('refuses arguments nested 2,000 deep with TOOL_ARGUMENTS_TOO_LARGE, answers 200 and runs nothing', async () => {
  const { chatAs, orders } = shop();
  const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
  server.script(
    { kind: 'reply', toolCalls: [{ id: 'call_1', name: 'orders_create', arguments: deep }] },
    { kind: 'reply', text: 'Could not.' },
  );
  const answer = await chatAs('token-customer', { message: 'Order something' });
  expect(answer.status).toBe(200);
  expect(answer.body.text).toBe('Could not.');
  expect(answer.body.steps[0].toolResults[0].output.error.code).toBe('TOOL_ARGUMENTS_TOO_LARGE');
  expect(orders.size).toBe(0);
});

it('fails a turn whose model never answers with 504 PROVIDER_TIMEOUT, recorded in the ledger', async () => {
  const { chatAs, governance } = shop({ chat: { modelTimeoutMs: 200 } });
  server.script({ kind: 'silent' });
  const answer = await chatAs('token-support', { message: 'Hi' });
  expect(answer.body.code).toBe('PROVIDER_TIMEOUT');
  const turns = await governance.ledger.list({ tenant: 'acme' }, { limit: 5 });
  expect(turns.turns.map((turn) => [turn.outcome, turn.errorCode])).toEqual([['failed', 'PROVIDER_TIMEOUT']]);
});

it('counts each turn, its tokens, cost, tool calls and approval steps on the OpenTelemetry meters', async () => {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const { chatAs, governance, seed } = shop({
    governance: { metrics: createAiMetrics({ meterProvider }) },
  });
  const order = seed();
  server.script(
    {
      kind: 'reply',
      usage: [1000, 200],
      toolCalls: [
        { id: 'call_1', name: 'orders_list', arguments: '{}' },
        { id: 'call_2', name: 'orders_create', arguments: '{"sku":"tea","quantity":1}' },
        { id: 'call_3', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
      ],
    },
    { kind: 'reply', usage: [3000, 800], text: 'Approve the cancel.' },
    { kind: 'reply', usage: [500, 100], text: 'Cancelled.' },
  );
  const first = await chatAs('token-support', { message: 'Tidy up.' });
  const [pending] = first.body.pendingApprovals;
  const second = await chatAs('token-support', {
    conversationId: first.body.conversationId,
    approvals: [{ approvalId: pending.approvalId, approved: true }],
  });
  expect(second.status).toBe(200);
  await reader.forceFlush();
  const exported =
    exporter
      .getMetrics()
      .at(-1)
      ?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
  const points = (name: string) =>
    (exported.find((metric) => metric.descriptor.name === name)?.dataPoints ?? []).map((point) => {
      const value = point.value as number | { count: number; sum: number };
      return {
        ...(point.attributes as Record<string, unknown>),
        value: typeof value === 'number' ? value : { count: value.count, sum: value.sum },
      } as Record<string, any>;
    });
  const rows = await Promise.all(
    [first, second].map((turn) => governance.ledger.get(turn.body.turnId, 'acme')),
  );
  const tokens = points('gen_ai.client.token.usage');
  expect(tokens.find((point) => point['gen_ai.token.type'] === 'input')?.value).toEqual({
    count: 2,
    sum: (rows[0]?.inputTokens ?? 0) + (rows[1]?.inputTokens ?? 0),
  });
  expect(rows.map((row) => row?.inputTokens)).toEqual([4000, 500]);
  expect(points('opwire.ai.turns')).toEqual([
    expect.objectContaining({ 'opwire.outcome': 'completed', 'gen_ai.provider.name': 'local', value: 2 }),
  ]);
  const [cost] = points('opwire.ai.cost');
  expect(cost?.['opwire.ai.currency']).toBe('USD');
  expect(cost?.value).toBeCloseTo((rows[0]?.cost?.amount ?? 0) + (rows[1]?.cost?.amount ?? 0), 12);
  const calls = Object.fromEntries(
    points('opwire.ai.tool_calls').map((point) => [
      `${point['gen_ai.tool.name']} ${point['opwire.outcome']} ${point['error.type'] ?? ''}`.trim(),
      point.value,
    ]),
  );
  expect(calls).toEqual({
    'orders_list ok': 1,
    'orders_create error PERMISSION_DENIED': 1,
    'orders_cancel approval_pending': 1,
    'orders_cancel ok': 1,
  });
  const approvals = points('opwire.ai.approvals').map(
    (point) => `${point['gen_ai.tool.name']} ${point['opwire.ai.approval.decision']} ${point.value}`,
  );
  expect(approvals.sort()).toEqual(['orders_cancel approved 1', 'orders_cancel requested 1']);
  await meterProvider.shutdown();
});

it('refuses a tool list naming an unknown tool (400) or one the caller may not use (403) before anything runs', async () => {
  const { chatAs, call, governance } = shop();
  server.script({ kind: 'reply', text: 'Hello.' });
  const first = await chatAs('token-customer', { message: 'Hi' });
  const conversationId = first.body.conversationId;
  const refusals = [
    [{ message: 'hi', tools: ['nope_tool'] }, 400, 'UNKNOWN_TOOL', 'tools[0]'],
    [{ message: 'hi', tools: ['orders_list', 'orders_cancel'] }, 403, 'PERMISSION_DENIED', 'tools[1]'],
    [{ conversationId, message: 'hi', tools: ['nope_tool'] }, 400, 'UNKNOWN_TOOL', 'tools[0]'],
  ] as const;
  for (const [body, status, code, field] of refusals) {
    for (const path of ['/ai/chat', '/ai/chat/stream']) {
      const refused = await call('POST', path, 'token-customer', body);
      expect([
        refused.status,
        refused.body.code,
        refused.body.errors?.[0]?.field ?? refused.body.field,
      ]).toEqual([status, code, field]);
    }
  }
  const unknown = await call('POST', '/ai/chat', 'token-customer', { message: 'hi', tools: ['nope_tool'] });
  expect(unknown.body.detail).toContain('nope_tool');
  expect(server.requests).toHaveLength(1);
  const listed = await call('GET', '/conversations', 'token-customer');
  expect(listed.body.conversations.map((each: any) => each.id)).toEqual([conversationId]);
  const read = await call('GET', `/conversations/${conversationId}`, 'token-customer');
  expect(read.body.messages).toHaveLength(2);
  const ledger = await governance.ledger.list({}, { limit: 10 });
  expect(ledger.turns.map((turn) => turn.turnId)).toEqual([first.body.turnId]);
});
