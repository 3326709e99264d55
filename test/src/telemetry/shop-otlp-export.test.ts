import { type ShopTelemetry, startTelemetry } from '@opwire/example-shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from '../shop/shop-harness.js';
import { type OtlpCollector, type ReceivedSpan, startOtlpCollector } from './otlp-collector.js';

describe('the shop exporting over OTLP/HTTP (JSON) to a loopback collector', () => {
  let collector: OtlpCollector;
  let telemetry: ShopTelemetry | undefined;
  let running: RunningShop;
  beforeAll(async () => {
    collector = await startOtlpCollector();
    // What an operator sets; the exporters read these themselves, as main.ts leaves them to.
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'shop-under-test',
    });
    telemetry = startTelemetry();
    running = await startShop();
  });
  afterAll(async () => {
    await running.close();
    await telemetry?.shutdown();
    await collector.close();
    for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_SERVICE_NAME'])
      delete process.env[name];
  });

  it('starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT, and refuses a protocol it does not speak', () => {
    expect(startTelemetry({})).toBeUndefined();
    expect(() =>
      startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/http\/json/);
  });

  it('starts nothing when OTEL_SDK_DISABLED is true, in any case and with spaces, as the SDK reads its booleans', () => {
    for (const disabled of ['true', 'TRUE', 'True', ' true ']) {
      expect(
        startTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SDK_DISABLED: disabled }),
      ).toBeUndefined();
    }
  });

  it('sends the server span, the operation span under it and the database spans under that, and the metrics', async () => {
    const placed = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 1 },
    });
    expect(placed.status).toBe(201);
    // Shutting down flushes: the batch of spans and the metric points go out before it resolves.
    await telemetry?.shutdown();
    telemetry = undefined;
    expect(collector.contentTypes).toEqual(new Set(['application/json']));
    const server = collector.spans.find((span) => span.name === 'POST /orders');
    expect(server?.kind).toBe(2); // SPAN_KIND_SERVER
    expect(server?.serviceName).toBe('shop-under-test');
    expect(server?.attributes).toMatchObject({
      'http.route': '/orders',
      'http.request.method': 'POST',
      'http.response.status_code': 201,
    });
    const inTrace = collector.spans.filter((span) => span.traceId === server?.traceId);
    const childrenOf = (parent: ReceivedSpan | undefined) =>
      inTrace.filter((span) => span.parentSpanId !== undefined && span.parentSpanId === parent?.spanId);
    const [operation] = childrenOf(server);
    expect(operation?.name).toBe('orders.create');
    const [transaction] = childrenOf(operation).filter((span) => span.name === 'db.transaction');
    const statements = childrenOf(transaction);
    expect(statements.map((span) => span.attributes['db.operation.name'])).toContain('INSERT');
    expect(statements.every((span) => span.kind === 3)).toBe(true); // SPAN_KIND_CLIENT
    expect(statements[0]?.attributes['db.system.name']).toBe('postgresql');
    expect(collector.metricNames).toContain('opwire.operation.duration');
  });
});
