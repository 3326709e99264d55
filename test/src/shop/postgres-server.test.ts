import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badInputCases } from './bad-input-cases.js';
import { expectRejected } from './expect-rejected.js';
import { type RunningShop, startShop } from './shop-harness.js';

const databaseUrl = process.env.DATABASE_URL;
const title = databaseUrl
  ? 'the shop on a PostgreSQL server (a fresh schema per run)'
  : 'the shop on a PostgreSQL server — skipped: set DATABASE_URL to run it';

describe.skipIf(!databaseUrl)(title, { timeout: 60_000 }, () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop({ databaseUrl });
  }, 120_000);
  afterAll(() => running?.close(), 60_000);

  it('runs on the server and reports it ready', async () => {
    expect(running.shop.db.kind).toBe('server');
    const ready = await running.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toContainEqual({ name: 'database', critical: true, status: 'ready' });
  });

  it('seeds, creates, reads and cancels through HTTP', async () => {
    const seeded = await running.request('/orders?limit=100', { token: 'support-token' });
    expect(seeded.body.orders).toHaveLength(4);
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'MS-02', quantity: 4 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customer: 'alice', totalCents: 11600, status: 'pending' });
    const fetched = await running.request(`/orders/${created.body.id}`, { token: 'customer-token' });
    expect(fetched.body).toEqual(created.body);
    const cancelled = await running.request(`/orders/${created.body.id}/cancel`, {
      method: 'POST',
      token: 'support-token',
    });
    expect(cancelled.body.status).toBe('cancelled');
    const audit = await running.shop.db.query<{ outcome: string }>(
      "SELECT outcome FROM opwire_audit WHERE operation_id IN ('orders.create', 'orders.cancel')",
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['ok', 'ok']);
  });

  it.each(badInputCases)('rejects $name with $status $code and changes nothing', async (testCase) => {
    await expectRejected(running, testCase.path, testCase);
  });

  it('keeps tenants apart', async () => {
    const [acmeOrder] = (await running.request('/orders', { token: 'support-token' })).body.orders;
    const foreign = await running.request(`/orders/${acmeOrder.id}`, { token: 'globex-token' });
    const missing = await running.request('/orders/ord_000000000000', { token: 'globex-token' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});
