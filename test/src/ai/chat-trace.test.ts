import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createChat, createToolCatalog } from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { afterAll, expect, it } from 'vitest';
import { startOpenAIWireServer } from './openai-wire-server.js';

const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
afterAll(() => trace.disable());

it('puts the chat span and every tool invocation span in one trace', async () => {
  const server = await startOpenAIWireServer();
  try {
    const { app, seed } = createOrdersFixture();
    const order = seed();
    const chat = createChat({
      catalog: createToolCatalog({ app }),
      providers: { local: { type: 'openai', baseURL: server.baseURL, apiKey: 'test', model: 'gpt-test' } },
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
      messages: [{ role: 'user', content: 'Show me' }],
    });
    const spans = exporter.getFinishedSpans();
    const chatSpan = spans.find((span) => span.name === 'ai.chat')!;
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
