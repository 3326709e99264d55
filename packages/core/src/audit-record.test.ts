import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, OrdersTable, ordersOperations } from '../test/orders-fixture.js';
import { isoNow } from './audit-record.js';
import { createOpwire } from './create-opwire.js';
import { parseTraceparent } from './telemetry.js';

describe('audit records', () => {
  it('hold identities, outcome, code, timing and trace, never the request payload', async () => {
    const { create } = ordersOperations(new OrdersTable());
    const app = createOpwire({ operations: [create] });
    const trace = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await app.invoke(
      create,
      { sku: 'secret-sku', quantity: 1 },
      { caller: customer, trace, origin: { surface: 'mcp' } },
    );
    const [record] = await app.audit.list();
    expect(record).toMatchObject({
      operationId: 'orders.create',
      principalId: 'alice',
      tenant: 'acme',
      origin: 'mcp',
      outcome: 'ok',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(record?.id).toBe(record?.invocationId);
    expect(Date.parse(record?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(record?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(record)).not.toContain('secret-sku');
  });
});

describe('isoNow', () => {
  afterEach(() => vi.useRealTimers());

  it('equals Date#toISOString across millisecond, second, minute and day boundaries', () => {
    vi.useFakeTimers();
    const instants = [
      Date.UTC(2026, 10, 30, 7, 59, 59, 998),
      Date.UTC(2026, 10, 30, 7, 59, 59, 999),
      Date.UTC(2026, 10, 30, 8, 0, 0, 0),
      Date.UTC(2026, 10, 30, 8, 0, 0, 7),
      Date.UTC(2026, 10, 30, 8, 0, 1, 0),
      Date.UTC(2026, 10, 30, 23, 59, 59, 999),
      Date.UTC(2026, 11, 1, 0, 0, 0, 0),
      Date.UTC(2026, 11, 1, 0, 0, 0, 0),
    ];
    for (const instant of instants) {
      vi.setSystemTime(instant);
      expect(isoNow()).toBe(new Date(instant).toISOString());
    }
  });
});
