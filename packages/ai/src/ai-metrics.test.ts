import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeteredTurn } from './ai-metrics.js';
import { aiMetricNames, createAiMetrics } from './ai-metrics.js';

function meterWithExporter() {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
  const provider = new MeterProvider({ readers: [reader] });
  /** The points of one metric as `attributes → value` (a histogram's value is its count and sum). */
  const points = async (name: string) => {
    await reader.forceFlush();
    const metric = exporter
      .getMetrics()
      .at(-1)
      ?.scopeMetrics.flatMap((scope) => scope.metrics)
      .find((found) => found.descriptor.name === name);
    return (metric?.dataPoints ?? []).map((point: DataPoint<unknown>) => {
      const value = point.value as number | Histogram;
      return {
        attributes: point.attributes,
        value: typeof value === 'number' ? value : { count: value.count, sum: value.sum },
      };
    });
  };
  return {
    provider,
    points,
    unitOf: async (name: string) => {
      await reader.forceFlush();
      return exporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((scope) => scope.metrics)
        .find((found) => found.descriptor.name === name)?.descriptor.unit;
    },
  };
}

const turn: MeteredTurn = {
  inputTokens: 1200,
  outputTokens: 300,
  provider: 'openai',
  model: 'gpt-5-mini',
  latencyMs: 2500,
  outcome: 'completed',
};
const model = {
  'gen_ai.operation.name': 'chat',
  'gen_ai.provider.name': 'openai',
  'gen_ai.response.model': 'gpt-5-mini',
};

afterEach(() => metrics.disable());

describe('createAiMetrics', () => {
  it('records tokens by type and model (GenAI convention), the turn by outcome, its duration and cost', async () => {
    const { provider, points, unitOf } = meterWithExporter();
    const ai = createAiMetrics({ meterProvider: provider });
    ai.recordTurn({ ...turn, cost: { amount: 0.0042, currency: 'USD' } });
    ai.recordTurn({
      ...turn,
      inputTokens: 10,
      outputTokens: 0,
      latencyMs: 100,
      outcome: 'failed',
      errorCode: 'BUDGET_EXCEEDED',
    });
    expect(await points(aiMetricNames.tokens)).toEqual([
      { attributes: { ...model, 'gen_ai.token.type': 'input' }, value: { count: 2, sum: 1210 } },
      { attributes: { ...model, 'gen_ai.token.type': 'output' }, value: { count: 2, sum: 300 } },
    ]);
    expect(await unitOf(aiMetricNames.tokens)).toBe('{token}');
    expect(await points(aiMetricNames.turns)).toEqual([
      { attributes: { ...model, 'opwire.outcome': 'completed' }, value: 1 },
      { attributes: { ...model, 'opwire.outcome': 'failed', 'error.type': 'BUDGET_EXCEEDED' }, value: 1 },
    ]);
    expect(await points(aiMetricNames.turnDuration)).toEqual([
      { attributes: { ...model, 'opwire.outcome': 'completed' }, value: { count: 1, sum: 2.5 } },
      {
        attributes: { ...model, 'opwire.outcome': 'failed', 'error.type': 'BUDGET_EXCEEDED' },
        value: { count: 1, sum: 0.1 },
      },
    ]);
    expect(await points(aiMetricNames.cost)).toEqual([
      { attributes: { ...model, 'opwire.ai.currency': 'USD' }, value: 0.0042 },
    ]);
  });

  it('counts tool calls by tool and outcome, and approvals by decision', async () => {
    const { provider, points } = meterWithExporter();
    const ai = createAiMetrics({ meterProvider: provider });
    ai.recordToolCall({ tool: 'orders_create', outcome: 'ok' });
    ai.recordToolCall({ tool: 'orders_create', outcome: 'ok' });
    ai.recordToolCall({ tool: 'orders_cancel', outcome: 'NOT_FOUND' });
    ai.recordToolCall({ tool: 'orders_refund', outcome: 'approval_declined' });
    ai.recordApproval({ tool: 'orders_cancel', decision: 'requested' });
    ai.recordApproval({ tool: 'orders_cancel', decision: 'declined' });
    expect(await points(aiMetricNames.toolCalls)).toEqual([
      { attributes: { 'gen_ai.tool.name': 'orders_create', 'opwire.outcome': 'ok' }, value: 2 },
      {
        attributes: {
          'gen_ai.tool.name': 'orders_cancel',
          'opwire.outcome': 'error',
          'error.type': 'NOT_FOUND',
        },
        value: 1,
      },
      // A declined call never ran: it is no error (and no success) of the tool.
      {
        attributes: { 'gen_ai.tool.name': 'orders_refund', 'opwire.outcome': 'approval_declined' },
        value: 1,
      },
    ]);
    expect(
      (await points(aiMetricNames.approvals)).map((point) => point.attributes['opwire.ai.approval.decision']),
    ).toEqual(['requested', 'declined']);
  });

  it('records nothing without a provider, then on the global one once an SDK registers it', async () => {
    const ai = createAiMetrics();
    ai.recordTurn(turn);
    const { provider, points } = meterWithExporter();
    expect(await points(aiMetricNames.turns)).toEqual([]);
    metrics.setGlobalMeterProvider(provider);
    ai.recordTurn(turn);
    expect(await points(aiMetricNames.turns)).toEqual([
      { attributes: { ...model, 'opwire.outcome': 'completed' }, value: 1 },
    ]);
  });
});
