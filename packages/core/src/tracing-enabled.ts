import { ProxyTracerProvider, trace } from '@opentelemetry/api';

const noopProvider = new ProxyTracerProvider().getDelegate();

/**
 * Whether an OpenTelemetry SDK is registered. Without one every span is a no-op, so the pipeline skips
 * span bookkeeping and only carries the incoming trace context along.
 */
export function tracingEnabled(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== noopProvider;
}
