import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OTLP attribute as the JSON encoding writes it. */
interface OtlpAttribute {
  readonly key: string;
  readonly value: Readonly<Record<string, unknown>>;
}

/** A span as an OTLP/HTTP JSON request carries it, its attributes as a plain object. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly serviceName: unknown;
}

/** A loopback HTTP server that records the OTLP/HTTP JSON requests sent to `/v1/traces` and `/v1/metrics`. */
export interface OtlpCollector {
  readonly url: string;
  readonly spans: ReceivedSpan[];
  readonly metricNames: Set<string>;
  readonly contentTypes: Set<string>;
  close(): Promise<void>;
}

const plain = (attributes: readonly OtlpAttribute[] | undefined) =>
  Object.fromEntries(
    (attributes ?? []).map(({ key, value }) => {
      const [only] = Object.values(value);
      return [key, value.intValue === undefined ? only : Number(value.intValue)];
    }),
  );

/** Starts a collector on 127.0.0.1 (a test's receiving end of the shop's exporters). */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: ReceivedSpan[] = [];
  const metricNames = new Set<string>();
  const contentTypes = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      contentTypes.add(String(request.headers['content-type']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (request.url === '/v1/traces') {
        for (const resourceSpans of body.resourceSpans ?? []) {
          const serviceName = plain(resourceSpans.resource?.attributes)['service.name'];
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                attributes: plain(span.attributes),
                serviceName,
              });
        }
      } else if (request.url === '/v1/metrics') {
        for (const resourceMetrics of body.resourceMetrics ?? [])
          for (const scope of resourceMetrics.scopeMetrics ?? [])
            for (const metric of scope.metrics ?? []) metricNames.add(metric.name);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    metricNames,
    contentTypes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
