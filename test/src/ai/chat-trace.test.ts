import { propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CBaggagePropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { type Chat, chatUiRoute, createChat, createChatOperations, createToolCatalog } from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { createOpwire, defineOperation } from '@opwire/core';
import { createFetchHandler, staticTokens } from '@opwire/http';
import Type from 'typebox';
import { afterAll, expect, it } from 'vitest';
import { startOpenAIWireServer } from './openai-wire-server.js';

const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
afterAll(() => trace.disable());

it('puts the turn span and every tool invocation span in one trace', async () => {
  const server = await startOpenAIWireServer();
  try {
    const { app, seed } = createOrdersFixture();
    const order = seed();
    const chat = createChat({
      catalog: createToolCatalog({ app }),
      providers: { local: server.provider() },
    });
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_1', name: 'orders_get', arguments: JSON.stringify({ orderId: order.id }) },
          { id: 'call_2', name: 'orders_list', arguments: '{"status":null}' },
        ],
      },
      { kind: 'reply', text: 'Done.' },
    );
    await chat.complete({
      caller: fixtureCallers.customer,
      message: 'Show me',
    });
    const spans = exporter.getFinishedSpans();
    const chatSpan = spans.find((span) => span.name === 'ai.turn')!;
    const toolSpans = spans.filter((span) => span.name.startsWith('orders.'));
    expect(toolSpans.map((span) => span.name).sort()).toEqual(['orders.get', 'orders.list']);
    for (const span of toolSpans) {
      expect(span.spanContext().traceId).toBe(chatSpan.spanContext().traceId);
      expect(span.parentSpanContext?.spanId).toBe(chatSpan.spanContext().spanId);
      expect(span.attributes['opwire.origin']).toBe('ai');
    }
    const audit = await app.audit.list({ operationId: 'orders.get' });
    expect(audit[0]).toMatchObject({ traceId: chatSpan.spanContext().traceId });
  } finally {
    await server.close();
  }
});

it("streams a turn inside the HTTP request's trace, with the audit of a refused call in it", async () => {
  const server = await startOpenAIWireServer();
  try {
    const fixture = createOrdersFixture();
    const order = fixture.seed();
    let chat: Chat | undefined;
    const app = createOpwire({
      operations: [...fixture.operations, ...createChatOperations({ chat: () => chat! })],
    });
    chat = createChat({ catalog: createToolCatalog({ app }), providers: { local: server.provider() } });
    const handler = createFetchHandler(app, {
      authenticate: staticTokens({ 'token-customer': fixtureCallers.customer }),
      docs: false,
    });
    server.script(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_1', name: 'orders_cancel', arguments: JSON.stringify({ orderId: order.id }) },
        ],
      },
      { kind: 'reply', text: 'I may not cancel orders.' },
    );
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    const response = await handler(
      new Request('http://shop.test/ai/chat/stream', {
        method: 'POST',
        headers: {
          authorization: 'Bearer token-customer',
          'content-type': 'application/json',
          traceparent: `00-${traceId}-${parentSpanId}-01`,
        },
        body: JSON.stringify({ message: 'Cancel it' }),
      }),
    );
    expect(await response.text()).toContain('PERMISSION_DENIED');
    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    const operationSpan = spans.find((span) => span.name === 'ai.chat');
    const turnSpan = spans.find((span) => span.name === 'ai.turn');
    expect(operationSpan?.parentSpanContext?.spanId).toBe(parentSpanId);
    expect(turnSpan?.parentSpanContext?.spanId).toBe(operationSpan?.spanContext().spanId);
    expect(await app.audit.list({ operationId: 'orders.cancel' })).toEqual([
      expect.objectContaining({ outcome: 'error', code: 'PERMISSION_DENIED', origin: 'ai', traceId }),
    ]);
    // The turn itself is one invocation of the streaming operation, audited once in the same trace.
    expect(await app.audit.list({ operationId: 'ai.chat' })).toEqual([
      expect.objectContaining({ outcome: 'ok', origin: 'http', traceId }),
    ]);
    expect(order.status).toBe('open');
  } finally {
    await server.close();
  }
});

it("marks a failed turn ERROR only when the failure is the server's, as an operation span is", async () => {
  const server = await startOpenAIWireServer();
  try {
    const { app } = createOrdersFixture();
    const chat = createChat({
      catalog: createToolCatalog({ app }),
      providers: { local: server.provider() },
      guardrails: [
        {
          name: 'no-secrets',
          stage: 'output',
          check: ({ text }) => (text.includes('secret') ? { allow: false, reason: 'a secret' } : undefined),
        },
      ],
    });
    const turnSpanOf = async (message: string) => {
      exporter.reset();
      await chat.complete({ caller: fixtureCallers.customer, message }).catch(() => undefined);
      return exporter.getFinishedSpans().find((span) => span.name === 'ai.turn')!;
    };

    // The caller's side: a guardrail refused the reply. Like a 4xx, the status stays unset.
    server.script({ kind: 'reply', text: 'The secret is 42.' });
    const refused = await turnSpanOf('Tell me the secret');
    expect(refused.attributes).toMatchObject({
      'opwire.outcome': 'failed',
      'opwire.error.code': 'GUARDRAIL_REJECTED',
    });
    expect(refused.status.code).toBe(SpanStatusCode.UNSET);

    // The server's side: the provider failed.
    server.script({ kind: 'status', status: 500, message: 'upstream exploded' });
    const broken = await turnSpanOf('Hi');
    expect(broken.attributes).toMatchObject({
      'opwire.outcome': 'failed',
      'opwire.error.code': 'PROVIDER_FAILED',
    });
    expect(broken.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'PROVIDER_FAILED' });
  } finally {
    await server.close();
  }
});

it('hands the baggage of a POST /api/chat request to the tools its turn calls', async () => {
  const server = await startOpenAIWireServer();
  propagation.setGlobalPropagator(new W3CBaggagePropagator());
  try {
    const seen: Array<Readonly<Record<string, string>>> = [];
    const read = defineOperation({
      id: 'baggage.read',
      request: Type.Object({}),
      response: Type.Object({ tier: Type.String() }),
      expose: ['ai'],
      handle: (_request, context) => {
        seen.push({ ...context.baggage });
        return { tier: context.baggage.tier ?? 'none' };
      },
    });
    let chat: Chat | undefined;
    const app = createOpwire({ operations: [read, ...createChatOperations({ chat: () => chat! })] });
    chat = createChat({ catalog: createToolCatalog({ app }), providers: { local: server.provider() } });
    const handler = createFetchHandler(app, {
      authenticate: staticTokens({ 'token-customer': fixtureCallers.customer }),
      operationRoutes: [chatUiRoute()],
      docs: false,
    });
    server.script(
      { kind: 'reply', toolCalls: [{ id: 'call_1', name: 'baggage_read', arguments: '{}' }] },
      { kind: 'reply', text: 'You are gold.' },
    );
    const response = await handler(
      new Request('http://shop.test/api/chat', {
        method: 'POST',
        headers: {
          authorization: 'Bearer token-customer',
          'content-type': 'application/json',
          baggage: 'tier=gold,campaign=spring%20sale',
        },
        body: JSON.stringify({
          id: 'chat-baggage',
          messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Which tier am I?' }] }],
        }),
      }),
    );
    expect(response.status).toBe(200);
    const stream = await response.text();
    expect(stream).toContain('"output":{"tier":"gold"}');
    expect(seen).toEqual([{ tier: 'gold', campaign: 'spring sale' }]);
  } finally {
    propagation.disable();
    await server.close();
  }
});
