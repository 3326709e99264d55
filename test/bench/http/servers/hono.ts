import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { checkOrder, checkResponse, placeOrder } from '../contract.js';

/** Hono on `@hono/node-server`, checking the request and the response with the compiled TypeBox checks. */
export async function startHono(): Promise<number> {
  let sequence = 0;
  const app = new Hono();
  app.post('/orders', async (context) => {
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return context.json({ error: 'bad request' }, 400);
    }
    if (!checkOrder.Check(body)) return context.json({ error: 'bad request' }, 400);
    const answer = placeOrder(++sequence, body);
    if (!checkResponse.Check(answer)) return context.json({ error: 'internal' }, 500);
    return context.json(answer);
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
    void server;
  });
}
