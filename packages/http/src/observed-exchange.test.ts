import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createLogger, type Logger } from '@opwire/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';
import { createFixtureApp, serveOverLoopback, type TestClient } from './testing/index.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** A pino logger whose JSON lines are kept. */
function keptLines() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  return { lines, logger };
}

describe('the access log', () => {
  it('writes one line per request with method, route template, path, status, duration and request id', async () => {
    const { lines, logger } = keptLines();
    const fixture = createFixtureApp();
    client = await serveOverLoopback(fixture.app, {
      authenticate: fixture.authenticate,
      logger,
      accessLog: true,
    });
    const created = await client.send({
      method: 'POST',
      path: '/orders',
      token: 'customer-token',
      headers: { 'x-request-id': 'req-create-1' },
      json: { item: 'tea', quantity: 1 },
    });
    const { id } = (await created.json()) as { id: string };
    await client.send({ path: `/orders/${id}`, token: 'customer-token' });
    await client.send({ path: '/nowhere?page=2' });
    const access = lines.filter((line) => line.msg === 'request');
    expect(access.map(({ time: _time, durationMs: _duration, requestId: _id, ...rest }) => rest)).toEqual([
      { level: 'info', msg: 'request', method: 'POST', route: '/orders', path: '/orders', status: 201 },
      {
        level: 'info',
        msg: 'request',
        method: 'GET',
        route: '/orders/{id}',
        path: `/orders/${id}`,
        status: 200,
      },
      { level: 'info', msg: 'request', method: 'GET', route: null, path: '/nowhere', status: 404 },
    ]);
    expect(access[0]?.requestId).toBe('req-create-1');
    expect(typeof access[1]?.requestId).toBe('string');
    for (const line of access) expect(line.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('is off by default, and a logger without info is served without it', async () => {
    const { lines, logger } = keptLines();
    const fixture = createFixtureApp();
    client = await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, logger });
    await client.send({ path: '/orders', token: 'customer-token' });
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
    await client.close();
    const plain: Logger = { error() {}, warn() {} };
    client = await serveOverLoopback(fixture.app, {
      authenticate: fixture.authenticate,
      logger: plain,
      accessLog: true,
    });
    expect((await client.send({ path: '/orders', token: 'customer-token' })).status).toBe(200);
  });
});

describe('http.route on the server span', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  trace.setGlobalTracerProvider(provider);
  afterAll(() => {
    trace.disable();
    context.disable();
  });

  it('names the route template on the active span a framework opened, the operation span under it', async () => {
    const fixture = createFixtureApp();
    const handler = createFetchHandler(fixture.app, { authenticate: fixture.authenticate });
    const tracer = trace.getTracer('server');
    const serve = (request: Request) =>
      tracer.startActiveSpan('GET', { kind: 1 }, async (span) => {
        try {
          return await handler(request);
        } finally {
          span.end();
        }
      });
    const headers = { authorization: 'Bearer customer-token', 'content-type': 'application/json' };
    const created = await serve(
      new Request('http://opwire.test/orders', {
        method: 'POST',
        headers,
        body: '{"item":"tea","quantity":1}',
      }),
    );
    const { id } = (await created.json()) as { id: string };
    exporter.reset();
    await serve(new Request(`http://opwire.test/orders/${id}`, { headers }));
    const spans = exporter.getFinishedSpans();
    const server = spans.find((span) => span.attributes['http.route'] !== undefined);
    const operation = spans.find((span) => span.attributes['opwire.operation.id'] === 'orders.get');
    expect(server?.name).toBe('GET /orders/{id}');
    expect(server?.attributes['http.route']).toBe('/orders/{id}');
    expect(operation?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(operation?.spanContext().traceId).toBe(server?.spanContext().traceId);
    handler.close();
  });
});
