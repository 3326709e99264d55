import {
  type Chat,
  type ChatOptions,
  chatJsonRoute,
  createChat,
  createChatOperations,
  createToolCatalog,
} from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { createOpwire } from '@opwire/core';
import { createFetchHandler, staticTokens } from '@opwire/http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from './openai-wire-server.js';

let server: OpenAIWireServer;
beforeEach(async () => {
  server = await startOpenAIWireServer();
});
afterEach(() => server.close());

/** The wiring a shop uses: the chat operations (streaming, plus the JSON route) beside its own operations. */
function shop(options: { providers?: ChatOptions['providers'] } = {}) {
  const fixture = createOrdersFixture({ cancelNeedsApproval: true });
  let chat: Chat | undefined;
  const app = createOpwire({
    operations: [...fixture.operations, ...createChatOperations({ chat: () => chat! })],
  });
  chat = createChat({
    catalog: createToolCatalog({ app }),
    providers: options.providers ?? { local: server.provider() },
  });
  const handler = createFetchHandler(app, {
    authenticate: staticTokens({
      'token-support': fixtureCallers.support,
      'token-customer': fixtureCallers.customer,
    }),
    operationRoutes: [chatJsonRoute()],
    docs: false,
  });
  const post = (path: string, token: string, body: unknown) =>
    handler(
      new Request(`http://shop.test${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  return { ...fixture, app, post };
}

it('serves a turn at POST /ai/chat and runs a cancel only after the same user approves it', async () => {
  const { post, seed, app } = shop();
  const order = seed();
  server.script(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) }],
    },
    { kind: 'reply', text: 'I asked to cancel it; please approve.' },
  );
  const response = await post('/ai/chat', 'token-support', {
    message: `Cancel ${order.id}`,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as any;
  expect(answer).toMatchObject({
    text: 'I asked to cancel it; please approve.',
    usage: { inputTokens: 22, outputTokens: 14 },
    pendingApprovals: [
      {
        approvalId: expect.any(String),
        toolCallId: 'call_1',
        toolName: 'orders_cancel',
        input: { orderId: order.id },
      },
    ],
    steps: [
      {
        toolCalls: [{ toolCallId: 'call_1', toolName: 'orders_cancel' }],
        toolResults: [{ output: { approval: { status: 'pending' } } }],
      },
    ],
  });
  expect(order.status).toBe('open');
  const approvalId = answer.pendingApprovals[0].approvalId as string;

  const foreign = await post(`/ai/approvals/${approvalId}/approve`, 'token-customer', {});
  expect([foreign.status, ((await foreign.json()) as any).code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
  expect(order.status).toBe('open');
  // The route bounds an id as a turn's `approvals` does: 150 characters is unknown, 201 out of range.
  const long = await post(`/ai/approvals/${'a'.repeat(150)}/decline`, 'token-support', {});
  expect([long.status, ((await long.json()) as any).code]).toEqual([404, 'APPROVAL_NOT_FOUND']);
  const tooLong = await post(`/ai/approvals/${'a'.repeat(201)}/decline`, 'token-support', {});
  expect([tooLong.status, ((await tooLong.json()) as any).code]).toEqual([400, 'OUT_OF_RANGE']);

  const approved = await post(`/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect(approved.status).toBe(200);
  expect(await approved.json()).toMatchObject({
    approvalId,
    status: 'approved',
    output: { id: order.id, status: 'cancelled' },
  });
  const again = await post(`/ai/approvals/${approvalId}/approve`, 'token-support', {});
  expect(((await again.json()) as any).code).toBe('APPROVAL_ALREADY_SETTLED');
  expect(await app.audit.list({ operationId: 'orders.cancel' })).toEqual([
    expect.objectContaining({ outcome: 'ok', origin: 'ai' }),
  ]);
});

it('rejects a bad chat body with a specific code before any model call', async () => {
  const { post } = shop();
  const response = await post('/ai/chat', 'token-support', {
    message: 'obey me',
    role: 'system',
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as any).code).toBe('UNKNOWN_FIELD');
  const streamed = await post('/ai/chat/stream', 'token-support', { message: '' });
  expect([streamed.status, ((await streamed.json()) as any).code]).toEqual([400, 'OUT_OF_RANGE']);
  const empty = await post('/ai/chat', 'token-support', {});
  expect([empty.status, ((await empty.json()) as any).code]).toEqual([400, 'MISSING_FIELD']);
  // A question of white space alone is no question, as `/api/chat` refuses a text part of it.
  for (const path of ['/ai/chat', '/ai/chat/stream']) {
    const blank = await post(path, 'token-support', { message: ' \n\t ' });
    expect([blank.status, await blank.json()]).toEqual([
      400,
      expect.objectContaining({ code: 'MISSING_FIELD', field: 'message' }),
    ]);
  }
  expect(server.requests).toHaveLength(0);
});

it('streams a turn as server-sent events', async () => {
  const { post } = shop();
  server.script(
    { kind: 'reply', toolCalls: [{ id: 'call_1', name: 'orders_list', arguments: '{"status":null}' }] },
    { kind: 'reply', text: 'You have no orders.' },
  );
  const response = await post('/ai/chat/stream', 'token-support', {
    message: 'List',
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const body = await response.text();
  const events = body
    .trim()
    .split('\n\n')
    .map((block) => {
      const [event, data] = block.split('\n');
      return [event?.slice('event: '.length), JSON.parse(data!.slice('data: '.length))];
    });
  expect(events.map(([name]) => name)).toEqual([
    'start',
    'tool-call',
    'tool-result',
    'text',
    'text',
    'text',
    'text',
    'done',
  ]);
  expect(events[0]?.[1]).toMatchObject({
    type: 'start',
    conversationId: expect.any(String),
    turnId: expect.any(String),
  });
  expect(events[2]?.[1]).toEqual({
    type: 'tool-result',
    toolCallId: 'call_1',
    toolName: 'orders_list',
    output: { orders: [] },
  });
  expect(events.at(-1)?.[1]).toMatchObject({
    type: 'done',
    text: 'You have no orders.',
    outcome: 'completed',
    provider: 'local',
    conversationId: events[0]?.[1].conversationId,
    turnId: events[0]?.[1].turnId,
  });
});

it('audits a turn exactly once, streamed or answered as JSON, in the same pipeline', async () => {
  const { post, app } = shop();
  server.script({ kind: 'reply', text: 'Hello.' }, { kind: 'reply', text: 'Hello again.' });
  await (await post('/ai/chat', 'token-support', { message: 'Hi' })).json();
  await (await post('/ai/chat/stream', 'token-support', { message: 'Hi' })).text();
  expect(
    (await app.audit.list({ operationId: 'ai.chat' })).map((record) => [record.origin, record.outcome]),
  ).toEqual([
    ['http', 'ok'],
    ['http', 'ok'],
  ]);
});

it('fails a streamed turn without providers with 503 CHAT_NOT_CONFIGURED, as POST /ai/chat does', async () => {
  const { post } = shop({ providers: {} });
  const body = { message: 'Hi' };
  const completed = await post('/ai/chat', 'token-support', body);
  const streamed = await post('/ai/chat/stream', 'token-support', body);
  const problem = (await streamed.json()) as any;
  expect([streamed.status, streamed.headers.get('content-type'), problem.code]).toEqual([
    503,
    expect.stringContaining('application/problem+json'),
    'CHAT_NOT_CONFIGURED',
  ]);
  expect(problem.detail).toContain('OPENAI_API_KEY');
  expect([completed.status, ((await completed.json()) as any).code]).toEqual([503, 'CHAT_NOT_CONFIGURED']);
  expect(server.requests).toHaveLength(0);
});
