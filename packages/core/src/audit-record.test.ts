import { describe, expect, it } from 'vitest';
import { customer, OrdersTable, ordersOperations } from '../test/orders-fixture.js';
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
