import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, type ShopResponse, startShop } from './shop-harness.js';

let running: RunningShop;
let acmeOrderId: string;
beforeAll(async () => {
  running = await startShop();
  const listed = await running.request('/orders?status=pending', { token: 'support-token' });
  acmeOrderId = listed.body.orders[0].id;
}, 120_000);
afterAll(() => running?.close(), 60_000);

/** The parts of a response a client can compare: status, body and headers, minus per-request ids and dates. */
function comparable(response: ShopResponse) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['x-request-id', 'date', 'content-length'].includes(name)),
  );
  return { status: response.status, body: response.body, headers };
}

describe('tenant isolation over HTTP', { timeout: 60_000 }, () => {
  it('answers globex asking for an acme order exactly like an order that does not exist', async () => {
    const foreign = await running.request(`/orders/${acmeOrderId}`, { token: 'globex-token' });
    const missing = await running.request('/orders/ord_000000000000', { token: 'globex-token' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect(comparable(foreign)).toEqual(comparable(missing));
    expect(JSON.stringify(foreign.body)).not.toContain(acmeOrderId);
  });

  it('lets globex neither cancel nor list acme orders, and changes nothing', async () => {
    const before = await running.snapshot();
    const foreign = await running.request(`/orders/${acmeOrderId}/cancel`, {
      method: 'POST',
      token: 'globex-token',
    });
    const missing = await running.request('/orders/ord_000000000000/cancel', {
      method: 'POST',
      token: 'globex-token',
    });
    expect(comparable(foreign)).toEqual(comparable(missing));
    expect(foreign.status).toBe(404);
    const listed = await running.request('/orders?limit=100', { token: 'globex-token' });
    expect(listed.body.orders.map((order: { id: string }) => order.id)).not.toContain(acmeOrderId);
    expect((await running.snapshot()).ordersDigest).toBe(before.ordersDigest);
    const acme = await running.request(`/orders/${acmeOrderId}`, { token: 'support-token' });
    expect(acme.body.status).toBe('pending');
  });

  it("hides another customer's order from a customer of the same tenant", async () => {
    const bobs = (await running.request('/orders?limit=100', { token: 'support-token' })).body.orders.find(
      (order: { customer: string }) => order.customer === 'bob',
    );
    const foreign = await running.request(`/orders/${bobs.id}`, { token: 'customer-token' });
    const missing = await running.request('/orders/ord_000000000000', { token: 'customer-token' });
    expect(comparable(foreign)).toEqual(comparable(missing));
    const own = await running.request('/orders?limit=100', { token: 'customer-token' });
    expect(new Set(own.body.orders.map((order: { customer: string }) => order.customer))).toEqual(
      new Set(['alice']),
    );
  });

  it('takes the tenant from the token, never from the request', async () => {
    const response = await running.request('/orders?tenant=acme', { token: 'globex-token' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('UNKNOWN_FIELD');
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'admin-token',
      body: { sku: 'CB-USB', quantity: 1 },
    });
    expect(created.status).toBe(201);
    const seenByGlobex = await running.request(`/orders/${created.body.id}`, { token: 'globex-token' });
    expect(seenByGlobex.status).toBe(404);
    const seenByAcme = await running.request(`/orders/${created.body.id}`, { token: 'support-token' });
    expect(seenByAcme.body.customer).toBe('root');
  });
});
