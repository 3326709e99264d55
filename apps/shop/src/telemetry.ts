import { OpenTelemetry } from '@ai-sdk/otel';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { registerTelemetry } from 'ai';

/** The OpenTelemetry SDK the shop started: `shutdown` exports what is pending, then stops it. */
export interface ShopTelemetry {
  /** Where traces and metrics go, as configured. */
  readonly endpoint: string;
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (and `OTEL_SDK_DISABLED` is not `true`, in any case):
 * traces and metrics over OTLP/HTTP with JSON bodies, the standard `OTEL_*` variables honoured by the
 * exporters (endpoints, headers, timeout), the batch processor (`OTEL_BSP_*`) and the resource
 * (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`); the AI SDK's telemetry registered so model calls
 * are traced. Returns `undefined`, having started nothing, when the variable is unset. `env` only decides
 * whether to start (and checks the endpoint and the protocol): the SDK's exporters and resource detector read `process.env`.
 */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): ShopTelemetry | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // A boolean variable is read as the specification and the SDK's own `getBooleanFromEnv` read it: trimmed, any case.
  if (!endpoint || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  if (!URL.canParse(endpoint) || !['http:', 'https:'].includes(new URL(endpoint).protocol)) {
    throw new Error(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL such as http://127.0.0.1:4318, not "${endpoint}".`,
    );
  }
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol !== undefined && protocol !== '' && protocol !== 'http/json') {
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL is "${protocol}": the shop exports OTLP over HTTP with JSON bodies; set it to http/json or leave it unset.`,
    );
  }
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'opwire-shop' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const tracerProvider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Sets the async context manager and the W3C trace-context and baggage propagators.
  tracerProvider.register();
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: Number.isFinite(interval) && interval > 0 ? interval : 60_000,
      }),
    ],
  });
  metrics.setGlobalMeterProvider(meterProvider);
  registerTelemetry(new OpenTelemetry());
  return {
    endpoint,
    async shutdown() {
      // Each provider's shutdown exports what it still holds first.
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
    },
  };
}
