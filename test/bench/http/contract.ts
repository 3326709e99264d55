import Type from 'typebox';
import { Compile } from 'typebox/compile';

/** The one request every benchmarked server validates: a small order. */
export const orderRequest = Type.Object(
  {
    item: Type.String({ minLength: 1, maxLength: 100 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100 }),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const order = Type.Object(
  {
    id: Type.String(),
    item: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('shipped')]),
    totalCents: Type.Integer({ minimum: 0 }),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * The one response every server returns and checks (or, fastify, serializes) against its schema:
 * the new order and the nine before it, a list of 10 objects.
 */
export const orderResponse = Type.Object(
  { orders: Type.Array(order, { maxItems: 10 }) },
  { additionalProperties: false },
);

/** Compiled TypeBox checks of the request and the response (what the raw server and hono use). */
export const checkOrder = Compile(orderRequest);
export const checkResponse = Compile(orderResponse);

/** The body autocannon posts. */
export const orderBody = JSON.stringify({ item: 'green tea', quantity: 2, note: 'leave at the door' });

const statuses = ['pending', 'paid', 'shipped'] as const;
const createdAt = '2026-11-30T12:00:00.000Z';

/** The answer every server builds for a valid order: it and the nine orders before it. */
export function placeOrder(sequence: number, request: { item: string; quantity: number }) {
  const orders = [];
  for (let index = 0; index < 10; index++) {
    orders.push({
      id: `o-${sequence - index}`,
      item: request.item,
      quantity: request.quantity,
      status: statuses[index % 3] as (typeof statuses)[number],
      totalCents: 450 * request.quantity,
      createdAt,
    });
  }
  return { orders };
}
