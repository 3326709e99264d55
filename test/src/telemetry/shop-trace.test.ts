import { OpenTelemetry } from '@ai-sdk/otel';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { registerTelemetry } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from '../shop/shop-harness.js';

// What an app has after starting an OpenTelemetry SDK: a tracer and a meter provider, an async context
// manager, and the AI SDK's own integration registered. Everything is kept in memory.
const spans = new InMemorySpanExporter();
const points = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: points, exportIntervalMillis: 3_600_000 });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
registerTelemetry(new OpenTelemetry());
afterAll(() => {
  trace.disable();
  metrics.disable();
  context.disable();
});
afterEach(() => spans.reset());

const databaseUrl = process.env.DATABASE_URL;
const childrenOf = (all: readonly ReadableSpan[], parent: ReadableSpan | undefined) =>
  all.filter((span) => span.parentSpanContext?.spanId === parent?.spanContext().spanId);
const metricNames = async () => {
  await reader.forceFlush();
  return new Set(
    points
      .getMetrics()
      .flatMap((exported) => exported.scopeMetrics.flatMap((scope) => scope.metrics))
      .filter((metric) => metric.dataPoints.length > 0)
      .map((metric) => metric.descriptor.name),
  );
};

describe.each([
  ['PGlite', undefined],
  ['a PostgreSQL server', databaseUrl],
] as const)('one POST /orders to the shop on %s, traced in memory', (name, url) => {
  let running: RunningShop;
  let model: OpenAIWireServer;
  const skip = name !== 'PGlite' && url === undefined;
  beforeAll(async () => {
    if (skip) return;
    model = await startOpenAIWireServer();
    running = await startShop({
      ...(url ? { databaseUrl: url } : {}),
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  });
  afterAll(async () => {
    if (skip) return;
    await running.close();
    await model.close();
  });

  it.skipIf(skip)(
    `yields the server span, the operation span under it and the database spans under that, in one trace${skip ? ' [skipped: DATABASE_URL is not set]' : ''}`,
    async () => {
      spans.reset();
      const placed = await running.request('/orders', {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'KB-01', quantity: 1 },
      });
      expect(placed.status).toBe(201);
      const finished = spans.getFinishedSpans();
      const server = finished.find((span) => span.name === 'POST /orders');
      expect(server?.attributes['http.route']).toBe('/orders');
      const [operation] = childrenOf(finished, server);
      expect(operation?.name).toBe('orders.create');
      const [transaction] = childrenOf(finished, operation).filter((span) => span.name === 'db.transaction');
      const statements = childrenOf(finished, transaction);
      expect(statements.map((span) => span.attributes['db.operation.name'])).toEqual(
        expect.arrayContaining(['BEGIN', 'INSERT', 'COMMIT']),
      );
      const traceIds = new Set(
        [server, operation, transaction, ...statements].map((span) => span?.spanContext().traceId),
      );
      expect(traceIds.size).toBe(1);
      expect(await metricNames()).toContain('opwire.operation.duration');
    },
  );

  it.skipIf(skip)(
    `traces a chat turn with its model calls and tool, and counts it on the AI metrics${skip ? ' [skipped: DATABASE_URL is not set]' : ''}`,
    async () => {
      model.script(
        { kind: 'reply', toolCalls: [{ id: 'call_1', name: 'orders_list', arguments: '{}' }] },
        { kind: 'reply', text: 'You have a few orders.' },
      );
      const answer = await running.request('/ai/chat', {
        method: 'POST',
        token: 'customer-token',
        body: { message: 'What did I order?' },
      });
      expect(answer.status).toBe(200);
      const finished = spans.getFinishedSpans();
      const server = finished.find((span) => span.name === 'POST /ai/chat');
      const inTrace = finished.filter((span) => span.spanContext().traceId === server?.spanContext().traceId);
      const names = inTrace.map((span) => span.name);
      expect(names).toEqual(
        expect.arrayContaining(['ai.turn', 'chat local-model', 'execute_tool orders_list', 'orders.list']),
      );
      const listed = inTrace.find((span) => span.name === 'orders.list');
      expect(childrenOf(inTrace, listed).map((span) => span.name)).toContain('db.transaction');
      const recorded = await metricNames();
      for (const metric of ['gen_ai.client.token.usage', 'opwire.ai.turns', 'opwire.ai.tool_calls'])
        expect(recorded).toContain(metric);
    },
  );
});
