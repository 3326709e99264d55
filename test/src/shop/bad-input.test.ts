import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badInputCases } from './bad-input-cases.js';
import { expectRejected } from './expect-rejected.js';
import { type RunningShop, startShop } from './shop-harness.js';

let running: RunningShop;
beforeAll(async () => {
  running = await startShop();
}, 120_000);
afterAll(() => running?.close(), 60_000);

describe('bad input over HTTP changes nothing', { timeout: 60_000 }, () => {
  it.each(badInputCases)('$name → $status $code', async (testCase) => {
    await expectRejected(running, testCase.path, testCase);
  });

  it('rejects reading a conversation before a sequence past what its store keeps with 400 OUT_OF_RANGE, never a 500', async () => {
    const created = await running.request('/conversations', {
      method: 'POST',
      token: 'customer-token',
      body: {},
    });
    expect(created.status).toBe(201);
    for (const before of [2 ** 31, Number.MAX_SAFE_INTEGER, 2 ** 53]) {
      await expectRejected(running, `/conversations/${created.body.id}?before=${before}`, {
        request: { token: 'customer-token' },
        status: 400,
        code: 'OUT_OF_RANGE',
        field: 'before',
        audited: true,
      });
    }
    const newest = await running.request(`/conversations/${created.body.id}?before=${2 ** 31 - 1}`, {
      token: 'customer-token',
    });
    expect([newest.status, newest.body.messages]).toEqual([200, []]);
  });

  it('rejects cancelling a shipped order with ORDER_NOT_CANCELLABLE, and a customer cancelling with 403', async () => {
    const listed = await running.request('/orders?status=shipped', { token: 'support-token' });
    expect(listed.status).toBe(200);
    const shipped = listed.body.orders[0];
    const response = await expectRejected(running, `/orders/${shipped.id}/cancel`, {
      request: { method: 'POST', token: 'support-token' },
      status: 422,
      code: 'ORDER_NOT_CANCELLABLE',
      audited: true,
    });
    expect(response.body.data).toEqual({ status: 'shipped' });
    const [pending] = (await running.request('/orders?status=pending', { token: 'customer-token' })).body
      .orders;
    await expectRejected(running, `/orders/${pending.id}/cancel`, {
      request: { method: 'POST', token: 'customer-token' },
      status: 403,
      code: 'PERMISSION_DENIED',
      audited: true,
    });
  });

  it('rejects a limit outside 1..100 and a non-integer limit', async () => {
    await expectRejected(running, '/orders?limit=101', {
      request: { token: 'support-token' },
      status: 400,
      code: 'OUT_OF_RANGE',
      field: 'limit',
      audited: true,
    });
    await expectRejected(running, '/orders?limit=ten', {
      request: { token: 'support-token' },
      status: 400,
      code: 'WRONG_TYPE',
      field: 'limit',
      audited: true,
    });
  });

  it("explains a shop rule in the caller's language", async () => {
    const response = await expectRejected(running, '/orders', {
      request: {
        method: 'POST',
        token: 'customer-token',
        body: { sku: 'MN-27', quantity: 21 },
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      },
      status: 422,
      code: 'OUT_OF_STOCK',
      audited: true,
    });
    expect(response.body.detail).toBe('“MN-27”仅剩 20 件库存，请求了 21 件。');
    expect(response.body.field).toBe('quantity');
    expect(response.headers.get('content-language')).toBe('zh-CN');
    const anonymous = await running.request('/orders', { headers: { 'accept-language': 'zh-CN' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-language')).toBe('zh-CN');
  });

  it('answers unknown routes and wrong methods with 404 and 405', async () => {
    await expectRejected(running, '/orders/ord_x/refund', {
      request: { method: 'POST', token: 'support-token' },
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      audited: false,
    });
    const response = await expectRejected(running, '/orders', {
      request: { method: 'DELETE', token: 'support-token' },
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      audited: false,
    });
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('still places a valid order afterwards (the matrix was rejected, not the route)', async () => {
    const before = await running.snapshot();
    const response = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'KB-01', quantity: 2 },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      customer: 'alice',
      sku: 'KB-01',
      quantity: 2,
      totalCents: 17800,
    });
    expect((await running.snapshot()).orderCount).toBe(before.orderCount + 1);
    const audit = await running.auditSince(before);
    expect(audit).toMatchObject([{ operation_id: 'orders.create', outcome: 'ok', tenant: 'acme' }]);
    // The check every case above relies on does notice a write.
    await expect(running.expectUnchanged(before, { code: 'OUT_OF_STOCK', audited: true })).rejects.toThrow(
      /orders changed/,
    );
  });

  it('accepts a JSON body sent as application/merge-patch+json', async () => {
    const before = await running.snapshot();
    const response = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      rawBody: JSON.stringify({ sku: 'KB-01', quantity: 1 }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ customer: 'alice', sku: 'KB-01', quantity: 1 });
    expect((await running.snapshot()).orderCount).toBe(before.orderCount + 1);
  });

  it('notices a rejected call whose audit record is missing or was not expected', async () => {
    const anonymous = await running.snapshot();
    expect(
      (await running.request('/orders', { method: 'POST', body: { sku: 'KB-01', quantity: 1 } })).status,
    ).toBe(401);
    await running.expectUnchanged(anonymous, { code: 'UNAUTHENTICATED', audited: true });
    await expect(
      running.expectUnchanged(anonymous, { code: 'UNAUTHENTICATED', audited: false }),
    ).rejects.toThrow(/audit after a call rejected with UNAUTHENTICATED/);
    // A token nobody owns is refused like a missing one, and audited as one is.
    const forged = await running.snapshot();
    expect((await running.request('/orders', { token: 'stolen-token' })).status).toBe(401);
    await running.expectUnchanged(forged, { code: 'UNAUTHENTICATED', audited: true });
    const routeMissing = await running.snapshot();
    expect(
      (await running.request('/orders/ord_x/refund', { method: 'POST', token: 'support-token' })).status,
    ).toBe(404);
    await expect(
      running.expectUnchanged(routeMissing, { code: 'ROUTE_NOT_FOUND', audited: true }),
    ).rejects.toThrow(/audit after a call rejected with ROUTE_NOT_FOUND/);
  });
});
