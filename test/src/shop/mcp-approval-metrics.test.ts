import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectShop, structured } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

// The shop counts on the globally registered meter provider, as it does once an SDK is started.
const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

let running: RunningShop;
beforeAll(async () => {
  running = await startShop();
}, 120_000);
afterAll(async () => {
  await running?.close();
  metrics.disable();
}, 60_000);

/** `opwire.ai.approvals` as `"<tool> <decision>" → count`, counted since the shop started. */
const approvalSteps = async () => {
  await reader.forceFlush();
  const metric = exporter
    .getMetrics()
    .at(-1)
    ?.scopeMetrics.flatMap((scope) => scope.metrics)
    .find((found) => found.descriptor.name === 'opwire.ai.approvals');
  return Object.fromEntries(
    (metric?.dataPoints ?? []).map((point) => [
      `${point.attributes['gen_ai.tool.name']} ${point.attributes['opwire.ai.approval.decision']}`,
      point.value as number,
    ]),
  );
};

/** A fresh pending order of the demo's customer, for support to cancel. */
const pendingOrder = async (): Promise<string> => {
  const created = await running.request('/orders', {
    method: 'POST',
    token: 'customer-token',
    body: { sku: 'KB-01', quantity: 1 },
  });
  expect(created.status).toBe(201);
  return created.body.id;
};

const decide = (approvalId: string, decision: 'approve' | 'decline') =>
  running.request(`/ai/approvals/${approvalId}/${decision}`, {
    method: 'POST',
    token: 'support-token',
    body: {},
  });

it('counts each MCP approval step on opwire.ai.approvals once: asked over MCP, decided over /ai/approvals or by elicitation', async () => {
  // Without elicitation: pending, then approved (the order is cancelled) or declined over HTTP.
  const { client } = await connectShop(running.url, 'support-token');
  const pending: string[] = [];
  for (let call = 0; call < 2; call++) {
    const result = await client.callTool({ name: 'orders_cancel', arguments: { id: await pendingOrder() } });
    expect(structured(result).error.code).toBe('APPROVAL_REQUIRED');
    pending.push(structured(result).approval.approvalId);
  }
  expect(await approvalSteps()).toEqual({ 'orders_cancel requested': 2 });
  const [approved, declined] = [
    await decide(pending[0] ?? '', 'approve'),
    await decide(pending[1] ?? '', 'decline'),
  ];
  expect([approved.status, declined.status]).toEqual([200, 200]);
  // Deciding again is refused and counts nothing.
  expect((await decide(pending[0] ?? '', 'approve')).status).toBe(409);
  expect(await approvalSteps()).toEqual({
    'orders_cancel requested': 2,
    'orders_cancel approved': 1,
    'orders_cancel declined': 1,
  });
  await client.close();

  // With elicitation: the user's answer in the client is the decision.
  for (const elicit of ['accept', 'decline'] as const) {
    const asking = await connectShop(running.url, 'support-token', {
      capabilities: { elicitation: {} },
      elicit,
    });
    const result = await asking.client.callTool({
      name: 'orders_cancel',
      arguments: { id: await pendingOrder() },
    });
    expect(asking.asked).toHaveLength(1);
    expect(result.isError ? structured(result).error.code : 'ran').toBe(
      elicit === 'accept' ? 'ran' : 'APPROVAL_DECLINED',
    );
    await asking.client.close();
  }
  expect(await approvalSteps()).toEqual({
    'orders_cancel requested': 4,
    'orders_cancel approved': 2,
    'orders_cancel declined': 2,
  });
});
