import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createLogger, createMemoryAuditLog, createOpwire, defineOperation, type Logger } from '@opwire/core';
import { createHttpServer } from '@opwire/http';
import { orderRequest, orderResponse, placeOrder } from '../contract.js';

/** Opwire: the full pipeline (validate, authorize, transaction, audit, handle) on memory adapters. */
export async function startOpwire(
  observe: { readonly accessLog?: boolean; readonly tracing?: boolean } = {},
): Promise<number> {
  let sequence = 0;
  const create = defineOperation({
    id: 'orders.create',
    request: orderRequest,
    response: orderResponse,
    expose: ['http'],
    public: true,
    writes: true,
    handle: (request) => placeOrder(++sequence, request),
  });
  // A bounded audit log: the default keeps 10,000 records; a small ring keeps the measurement about the pipeline, not heap growth.
  // The access log writes real JSON lines through pino's asynchronous destination, to /dev/null.
  const logger: Logger | undefined = observe.accessLog
    ? createLogger({ destination: '/dev/null' })
    : undefined;
  if (observe.tracing) startTracing();
  const app = createOpwire({
    operations: [create],
    audit: createMemoryAuditLog({ capacity: 1000 }),
    ...(logger ? { logger } : {}),
  });
  const server = createHttpServer(app, { docs: false, accessLog: observe.accessLog ?? false });
  return (await server.listen({ port: 0, host: '127.0.0.1' })).port;
}

/**
 * The OpenTelemetry SDK as an app registers it: a context manager, a tracer provider and a batch processor.
 * The exporter drops the batches (a stand-in for OTLP: the network is not what is measured). Each request
 * gets the dispatcher's server span (no HTTP instrumentation is loaded) and the operation span under it.
 */
function startTracing(): void {
  const discard: SpanExporter = {
    export: (_spans, done) => done({ code: 0 }),
    shutdown: async () => undefined,
  };
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(discard)] }),
  );
}
