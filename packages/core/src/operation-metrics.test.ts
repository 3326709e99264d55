import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { defineOperation } from './operation.js';

const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });

const greet = defineOperation({
  id: 'greetings.create',
  request: Type.Object({ name: Type.String() }),
  response: Type.Object({ message: Type.String() }),
  public: true,
  errors: [coreErrors.NOT_FOUND],
  handle: (request, context) => {
    if (request.name === 'nobody') throw context.errors.NOT_FOUND({ params: { resource: 'person' } });
    return { message: `Hello, ${request.name}!` };
  },
});
const app = createOpwire({ operations: [greet], logger: { error() {}, warn() {} } });
afterAll(() => metrics.disable());

/** The data points of the duration histogram, as `operation outcome error count`. */
async function points(): Promise<string[]> {
  await reader.forceFlush();
  const histogram = exporter
    .getMetrics()
    .at(-1)
    ?.scopeMetrics.flatMap((scope) => scope.metrics)
    .find((metric) => metric.descriptor.name === 'opwire.operation.duration');
  return (histogram?.dataPoints ?? []).map((point) => {
    const attributes = point.attributes;
    const value = point.value as { count: number };
    return `${attributes['opwire.operation.id']} ${attributes['opwire.outcome']} ${attributes['error.type'] ?? '-'} ${value.count}`;
  });
}

describe('the operation duration histogram', () => {
  it('records nothing while no meter provider is registered', async () => {
    await app.invoke(greet, { name: 'Ada' });
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    expect(await points()).toEqual([]);
  });

  it('records every invocation by operation, outcome and error code, in seconds', async () => {
    await app.invoke(greet, { name: 'Ada' });
    await app.invoke(greet, { name: 'Grace' });
    await app.invoke(greet, { name: 'nobody' }).catch(() => undefined);
    await app.invoke(greet, { name: 5 } as never).catch(() => undefined);
    expect((await points()).sort()).toEqual([
      'greetings.create error NOT_FOUND 1',
      'greetings.create error WRONG_TYPE 1',
      'greetings.create ok - 2',
    ]);
    const metric = exporter.getMetrics().at(-1)?.scopeMetrics[0]?.metrics[0];
    expect(metric?.descriptor).toMatchObject({ unit: 's', name: 'opwire.operation.duration' });
  });
});
