import { createNoopMeter, type Histogram, type MeterProvider, metrics } from '@opentelemetry/api';
import type { Invocation } from './invocation.js';

/** The histogram every invocation is recorded in: its duration in seconds, by operation, outcome and surface. */
export const operationDurationMetric = 'opwire.operation.duration';

let seen: MeterProvider | undefined;
let histogram: Histogram | undefined;

/**
 * The operation-duration histogram of the registered meter provider, or `undefined` when none is
 * registered (a no-op provider): then an invocation records nothing and costs one identity check.
 */
function durationHistogram(): Histogram | undefined {
  const provider = metrics.getMeterProvider();
  if (provider !== seen) {
    seen = provider;
    const meter = provider.getMeter('@opwire/core');
    histogram =
      meter === createNoopMeter()
        ? undefined
        : meter.createHistogram(operationDurationMetric, {
            description: 'Duration of Opwire operation invocations, from admission to the answer.',
            unit: 's',
            advice: {
              explicitBucketBoundaries: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
            },
          });
  }
  return histogram;
}

/** Records one finished invocation: `ok`, `error` (with its code as `error.type`) or `stopped`. */
export function recordOperation(
  invocation: Invocation,
  outcome: 'ok' | 'error' | 'stopped',
  code?: string,
): void {
  const record = durationHistogram();
  if (record === undefined) return;
  const attributes: Record<string, string> = {
    'opwire.operation.id': invocation.operation.id,
    'opwire.outcome': outcome,
    'opwire.origin': invocation.origin.surface,
  };
  if (code !== undefined) attributes['error.type'] = code;
  record.record((performance.now() - invocation.startedAt) / 1000, attributes);
}
