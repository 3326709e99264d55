import { connect } from 'node:net';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createFixtureApp,
  serveOverLoopback,
  serveThroughFetchHandler,
  type TestClient,
} from './testing/index.js';

const exporter = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  exporter.reset();
});

/** B3's single header (`b3: {traceId}-{spanId}-{sampled}`), written out so the test needs no B3 package. */
const b3Propagator: TextMapPropagator = {
  inject: () => undefined,
  extract(active, carrier, getter) {
    const [traceId, spanId, sampled] = String(getter.get(carrier, 'b3') ?? '').split('-');
    if (!traceId || !spanId) return active;
    const flags = sampled === '1' ? TraceFlags.SAMPLED : TraceFlags.NONE;
    return trace.setSpanContext(active, { traceId, spanId, traceFlags: flags, isRemote: true });
  },
  fields: () => ['b3'],
};

const servers = (spans: readonly ReadableSpan[]) => spans.filter((span) => span.kind === SpanKind.SERVER);
const order = {
  method: 'POST',
  path: '/orders',
  token: 'customer-token',
  json: { item: 'tea', quantity: 1 },
};

describe.each([
  ['the node server', serveOverLoopback],
  ['the fetch handler', serveThroughFetchHandler],
] as const)('the server span on %s', (_name, serve) => {
  const start = async (options = {}) => {
    const fixture = createFixtureApp();
    client = await serve(fixture.app, { authenticate: fixture.authenticate, ...options });
    return client;
  };

  it('opens one SERVER span named by the route, with the operation span under it', async () => {
    const response = await (await start()).send(order);
    expect(response.status).toBe(201);
    const spans = exporter.getFinishedSpans();
    const [server] = servers(spans);
    expect(servers(spans)).toHaveLength(1);
    expect(server?.name).toBe('POST /orders');
    expect(server?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/orders',
      'url.path': '/orders',
      'url.scheme': 'http',
      'http.response.status_code': 201,
    });
    expect(server?.attributes['error.type']).toBeUndefined();
    const operation = spans.find((span) => span.name === 'orders.create');
    expect(operation?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(operation?.spanContext().traceId).toBe(server?.spanContext().traceId);
  });

  it('continues the trace of an incoming traceparent through the registered propagator', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await (await start()).send({ ...order, headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    const [server] = servers(exporter.getFinishedSpans());
    expect(server?.spanContext().traceId).toBe(traceId);
    expect(server?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it("follows the app's own propagator (B3) to the operation span and the audit, past a traceparent", async () => {
    const b3 = '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1';
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    propagation.disable();
    propagation.setGlobalPropagator(b3Propagator);
    try {
      const fixture = createFixtureApp();
      client = await serve(fixture.app, { authenticate: fixture.authenticate });
      expect((await client.send({ ...order, headers: { b3, traceparent } })).status).toBe(201);
      const spans = exporter.getFinishedSpans();
      const [server] = servers(spans);
      const operation = spans.find((span) => span.name === 'orders.create');
      expect(server?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(operation?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(operation?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
      const [record] = await fixture.audit.list({ operationId: 'orders.create' });
      expect(record?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    } finally {
      propagation.disable();
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    }
  });

  it("hands the W3C baggage a composite propagator reads to the handler's context and to nested calls", async () => {
    const seen: Array<Readonly<Record<string, string>>> = [];
    const inner = defineOperation({
      id: 'baggage.inner',
      request: Type.Object({}),
      response: Type.Object({}),
      public: true,
      handle: (_request, context) => {
        seen.push(context.baggage);
        return {};
      },
    });
    const read = defineOperation({
      id: 'baggage.read',
      request: Type.Object({}),
      response: Type.Object({ baggage: Type.Record(Type.String(), Type.String()) }),
      expose: ['http'],
      public: true,
      http: { method: 'GET', path: '/baggage' },
      handle: async (_request, context) => {
        await context.invoke(inner, {});
        return { baggage: { ...context.baggage } };
      },
    });
    propagation.disable();
    propagation.setGlobalPropagator(
      new CompositePropagator({
        propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
      }),
    );
    try {
      client = await serve(createOpwire({ operations: [read, inner] }));
      const carried = await client.send({
        path: '/baggage',
        headers: {
          baggage: 'tier=gold,campaign=spring%20sale;ttl=30',
          traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        },
      });
      expect(await carried.json()).toEqual({ baggage: { tier: 'gold', campaign: 'spring sale' } });
      expect(seen).toEqual([{ tier: 'gold', campaign: 'spring sale' }]);
      const operation = exporter.getFinishedSpans().find((span) => span.name === 'baggage.read');
      expect(operation?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      // No baggage header, no baggage; a propagator without the baggage one reads none either.
      expect(await (await client.send({ path: '/baggage' })).json()).toEqual({ baggage: {} });
      propagation.disable();
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      expect(
        await (await client.send({ path: '/baggage', headers: { baggage: 'tier=gold' } })).json(),
      ).toEqual({
        baggage: {},
      });
    } finally {
      propagation.disable();
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    }
  });

  it('names an unknown route by its method only and a 5xx answer with error.type', async () => {
    const started = await start({
      routes: [
        {
          method: 'GET',
          path: '/boom',
          public: true,
          handle() {
            throw new Error('boom');
          },
        },
      ],
    });
    expect((await started.send({ path: '/nowhere' })).status).toBe(404);
    expect((await started.send({ path: '/boom' })).status).toBe(500);
    const [missing, failed] = servers(exporter.getFinishedSpans());
    expect(missing?.name).toBe('GET');
    expect(missing?.attributes).toMatchObject({ 'http.response.status_code': 404 });
    expect(missing?.attributes['http.route']).toBeUndefined();
    expect(missing?.status.code).toBe(SpanStatusCode.UNSET);
    expect(failed?.name).toBe('GET /boom');
    expect(failed?.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR);
  });
});

it('opens no second span when an instrumentation made one active: it names the route on that one', async () => {
  const fixture = createFixtureApp();
  client = serveThroughFetchHandler(fixture.app, { authenticate: fixture.authenticate });
  const started = client;
  await trace
    .getTracer('instrumentation')
    .startActiveSpan('POST', { kind: SpanKind.SERVER }, async (span) => {
      await started.send(order);
      span.end();
    });
  const spans = exporter.getFinishedSpans();
  const [server] = servers(spans);
  expect(servers(spans)).toHaveLength(1);
  expect(server?.instrumentationScope.name).toBe('instrumentation');
  expect(server?.name).toBe('POST /orders');
  expect(server?.attributes['http.route']).toBe('/orders');
  const operation = spans.find((span) => span.name === 'orders.create');
  expect(operation?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
});

it('gives each request Node refuses before any route (431, 400, 408, 417) a SERVER span of its own', async () => {
  const fixture = createFixtureApp();
  const served = await serveOverLoopback(fixture.app, {
    authenticate: fixture.authenticate,
    limits: { headersTimeoutMs: 300, requestTimeoutMs: 2000 },
    shutdownTimeoutMs: 200,
  });
  client = served;
  const send = (request: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(served.url).port), '127.0.0.1', () => socket.write(request));
      // The answer is read (and dropped) so that the socket closes.
      socket
        .on('data', () => undefined)
        .on('error', () => undefined)
        .on('close', () => resolve());
    });
  const traceparent = 'traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\r\n';
  await send(`GET /orders?page=2 HTTP/1.1\r\nHost: x\r\n${traceparent}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  await send('POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
  await send('GET /orders HTTP/1.1\r\nHost: x\r\n');
  await send('POST /orders HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Length: 2\r\n\r\n');
  const spans = servers(exporter.getFinishedSpans());
  // Named and described as an unmatched route's span: the method alone, `HTTP` when Node never read it.
  expect(spans.map((span) => [span.name, span.attributes, span.status.code])).toEqual([
    [
      'GET',
      {
        'http.request.method': 'GET',
        'url.path': '/orders',
        'url.scheme': 'http',
        'http.response.status_code': 431,
      },
      SpanStatusCode.UNSET,
    ],
    [
      'POST',
      {
        'http.request.method': 'POST',
        'url.path': '/orders',
        'url.scheme': 'http',
        'http.response.status_code': 400,
      },
      SpanStatusCode.UNSET,
    ],
    [
      'HTTP',
      { 'http.request.method': '_OTHER', 'url.scheme': 'http', 'http.response.status_code': 408 },
      SpanStatusCode.UNSET,
    ],
    [
      'POST',
      {
        'http.request.method': 'POST',
        'url.path': '/orders',
        'url.scheme': 'http',
        'http.response.status_code': 417,
      },
      SpanStatusCode.UNSET,
    ],
  ]);
  // The trace the refused request carried goes on.
  expect(spans[0]?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  expect(spans[0]?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
});
