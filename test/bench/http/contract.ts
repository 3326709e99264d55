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

/** The one response every benchmarked server returns. */
export const orderResponse = Type.Object(
  { id: Type.String(), item: Type.String(), quantity: Type.Integer() },
  { additionalProperties: false },
);

/** A compiled TypeBox check of the request (what the raw server and the web frameworks use). */
export const checkOrder = Compile(orderRequest);

/** The body autocannon posts. */
export const orderBody = JSON.stringify({ item: 'green tea', quantity: 2, note: 'leave at the door' });

/** The answer every server builds for a valid order. */
export function placeOrder(sequence: number, request: { item: string; quantity: number }) {
  return { id: `o-${sequence}`, item: request.item, quantity: request.quantity };
}
