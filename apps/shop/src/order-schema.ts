import Type, { type Static } from 'typebox';

/** The states an order moves through. */
export const orderStatuses = ['pending', 'paid', 'shipped', 'cancelled'] as const;

/** The status of an order. */
export const OrderStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('paid'), Type.Literal('shipped'), Type.Literal('cancelled')],
  { description: 'pending → paid → shipped; pending or paid orders can be cancelled.' },
);

/** An order's id, as the API shows it. */
export const OrderId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The order id, such as ord_4f9c2a7b1d3e.',
});

/** One order as every surface returns it. */
export const Order = Type.Object(
  {
    id: OrderId,
    status: OrderStatus,
    customer: Type.String({ description: 'The principal who placed the order.' }),
    sku: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    totalCents: Type.Integer({ minimum: 0, description: 'Price times quantity, in cents.' }),
    note: Type.Optional(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  // Named: OpenAPI lists it once as the `Order` component, so generated clients get an `Order` type.
  { $id: 'Order' },
);

/** An order as a TypeScript value. */
export type Order = Static<typeof Order>;

/** An order status as a TypeScript value. */
export type OrderStatus = (typeof orderStatuses)[number];
