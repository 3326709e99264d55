import { OpenTelemetry } from '@ai-sdk/otel';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createChat, createToolCatalog } from '@opwire/ai';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { registerTelemetry } from 'ai';
import { afterAll, expect, it } from 'vitest';
import { startOpenAIWireServer } from './openai-wire-server.js';

// What an app gets after registering the AI SDK's own OpenTelemetry integration, as its docs say to:
// `registerTelemetry(new OpenTelemetry())` beside a tracer provider with an async context manager.
const exporter = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
registerTelemetry(new OpenTelemetry());
afterAll(() => {
  trace.disable();
  context.disable();
});

it("puts the AI SDK's model-call and tool spans under the turn, in one trace, without the prompt or reply", async () => {
  const server = await startOpenAIWireServer();
  try {
    const { app, seed } = createOrdersFixture();
    const order = seed();
    const chat = createChat({ catalog: createToolCatalog({ app }), providers: { local: server.provider() } });
    server.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_1', name: 'orders_get', arguments: JSON.stringify({ orderId: order.id }) }],
      },
      { kind: 'reply', text: 'Your secret order is on its way.' },
    );
    await chat.complete({ caller: fixtureCallers.customer, message: 'Where is my parcel, my pin is 4711?' });
    // The AI SDK may end its spans just after the turn settles: wait until all of them are finished.
    const expected = [
      'ai.turn',
      'invoke_agent gpt-test',
      'step 1',
      'step 2',
      'execute_tool orders_get',
      'orders.get',
    ];
    await expect
      .poll(() => exporter.getFinishedSpans().map((span) => span.name))
      .toEqual(expect.arrayContaining(expected));
    const spans = exporter.getFinishedSpans();
    const turn = spans.find((span) => span.name === 'ai.turn');
    expect(turn).toBeDefined();
    const traceId = turn?.spanContext().traceId;
    const inTrace = spans.filter((span) => span.spanContext().traceId === traceId);
    const named = (name: string) => inTrace.filter((span) => span.name === name);
    const childOf = (parent: (typeof inTrace)[number] | undefined) =>
      inTrace
        .filter((span) => span.parentSpanContext?.spanId === parent?.spanContext().spanId)
        .map((span) => span.name);
    // The AI SDK's agent span under the turn; under it a span per step, each with its model call; the tool's
    // execution span in the first step, and the operation's own span (the pipeline's) under that.
    const [agent] = named('invoke_agent gpt-test');
    expect(childOf(turn)).toEqual(['invoke_agent gpt-test']);
    expect(childOf(agent).sort()).toEqual(['step 1', 'step 2']);
    expect(named('chat gpt-test')).toHaveLength(2);
    const [execute] = named('execute_tool orders_get');
    expect(childOf(execute)).toEqual(['orders.get']);
    // Nothing of what the user or the model said is in any span.
    const recorded = JSON.stringify(inTrace.map((span) => span.attributes));
    expect(recorded).not.toContain('4711');
    expect(recorded).not.toContain('secret order');
    expect(recorded).toContain('opwire.chat');
  } finally {
    await server.close();
  }
});
