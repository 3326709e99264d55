import { afterEach, describe, expect, it } from 'vitest';
import { listOrders } from './operations/list-orders.js';
import { createShop, type Shop } from './server.js';

let shop: Shop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
}, 60_000);

describe('createShop', { timeout: 60_000 }, () => {
  it('serves the shop with a critical database and a non-critical knowledge health item', async () => {
    shop = await createShop({ dataDir: null, port: 0, assistant: { env: {} } });
    const { url } = await shop.listen();
    const ready = await fetch(`${url}/health/ready`);
    expect((await ready.json()) as unknown).toEqual({
      status: 'ready',
      checks: [
        { name: 'database', critical: true, status: 'ready' },
        { name: 'knowledge', critical: false, status: 'ready' },
      ],
    });
    const orders = await fetch(`${url}/orders`, { headers: { authorization: 'Bearer globex-token' } });
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { orders: unknown[] }).orders).toHaveLength(3);
  });

  it('takes extra routes, health items and cleanup through extend (the seam for the AI chat)', async () => {
    let closedExtension = false;
    shop = await createShop({
      // The built-in assistant owns /ai/chat; this test plugs in its own route there instead.
      assistant: false,
      dataDir: null,
      port: 0,
      extend: ({ app }) => ({
        routes: [
          {
            method: 'POST',
            path: '/ai/chat',
            async handle({ caller }) {
              const { orders } = await app.invoke(listOrders, {}, { caller });
              return Response.json({ reply: `${caller?.principalId} has ${orders.length} orders` });
            },
          },
        ],
        health: [{ name: 'model', check: async () => ({ status: 'degraded', code: 'UNAVAILABLE' }) }],
        onClose: async () => {
          closedExtension = true;
        },
      }),
    });
    const { url } = await shop.listen();
    const chat = await fetch(`${url}/ai/chat`, {
      method: 'POST',
      headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await chat.json()).toEqual({ reply: 'alice has 2 orders' });
    const anonymous = await fetch(`${url}/ai/chat`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const ready = (await (await fetch(`${url}/health/ready`)).json()) as {
      status: string;
      checks: unknown[];
    };
    expect(ready.status).toBe('unavailable');
    expect(ready.checks).toContainEqual({
      name: 'model',
      critical: true,
      status: 'degraded',
      code: 'UNAVAILABLE',
    });
    await shop.close();
    shop = undefined;
    expect(closedExtension).toBe(true);
  });
});
