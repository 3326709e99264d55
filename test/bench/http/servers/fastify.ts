import Fastify from 'fastify';
import { orderRequest, orderResponse, placeOrder } from '../contract.js';

/** Fastify with the same JSON Schema for the body (ajv) and the response (fast-json-stringify). */
export async function startFastify(): Promise<number> {
  let sequence = 0;
  const app = Fastify({ logger: false });
  app.post('/orders', { schema: { body: orderRequest, response: { 200: orderResponse } } }, async (request) =>
    placeOrder(++sequence, request.body as { item: string; quantity: number }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
