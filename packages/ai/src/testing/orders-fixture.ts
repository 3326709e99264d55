import { type Caller, coreErrors, createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';

/** An order as the fixture app stores it. */
export interface FixtureOrder {
  id: string;
  tenant: string;
  owner: string;
  sku: string;
  quantity: number;
  status: 'open' | 'cancelled';
}

/** The callers of the fixture app, mirroring the example shop's tokens. */
export const fixtureCallers = {
  customer: {
    principalId: 'user-customer',
    tenant: 'acme',
    permissions: ['orders:read', 'orders:create'],
    roles: ['customer'],
  },
  support: {
    principalId: 'user-support',
    tenant: 'acme',
    permissions: ['orders:read', 'orders:cancel'],
    roles: ['support'],
  },
  admin: { principalId: 'user-admin', tenant: 'acme', permissions: ['*'], roles: ['admin'] },
} satisfies Record<string, Caller>;

/**
 * A small orders app (list, get, create, cancel, internal purge) over in-memory state, for tests. Like the
 * shop, `orders.create` opts out of approval; `orders.cancel` opts out too unless `cancelNeedsApproval`.
 */
export function createOrdersFixture(options: { cancelNeedsApproval?: boolean } = {}) {
  const orders = new Map<string, FixtureOrder>();
  let sequence = 0;
  const order = Type.Object({
    id: Type.String(),
    sku: Type.String(),
    quantity: Type.Integer(),
    status: Type.Union([Type.Literal('open'), Type.Literal('cancelled')]),
  });
  const view = ({ id, sku, quantity, status }: FixtureOrder) => ({ id, sku, quantity, status });
  const find = (id: string, tenant: string | undefined) => {
    const found = orders.get(id);
    if (!found || found.tenant !== tenant)
      throw coreErrors.NOT_FOUND({ params: { resource: { en: 'order', 'zh-CN': '订单' } } });
    return found;
  };
  const operations = [
    defineOperation({
      id: 'orders.list',
      http: { method: 'POST', path: '/orders/list' },
      summary: { en: 'List orders', 'zh-CN': '列出订单' },
      request: Type.Object({
        status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('cancelled')])),
      }),
      response: Type.Object({ orders: Type.Array(order) }),
      expose: ['http', 'ai', 'mcp'],
      permission: 'orders:read',
      handle: (request, context) => ({
        orders: [...orders.values()]
          .filter(
            (each) => each.tenant === context.tenant && (!request.status || each.status === request.status),
          )
          .map(view),
      }),
    }),
    defineOperation({
      id: 'orders.get',
      http: { method: 'POST', path: '/orders/get' },
      summary: 'Get one order',
      request: Type.Object({ orderId: Type.String({ minLength: 1 }) }),
      response: order,
      expose: ['http', 'ai', 'mcp'],
      permission: 'orders:read',
      errors: [coreErrors.NOT_FOUND],
      handle: (request, context) => view(find(request.orderId, context.tenant)),
    }),
    defineOperation({
      id: 'orders.create',
      http: { method: 'POST', path: '/orders/create' },
      summary: { en: 'Create an order', 'zh-CN': '创建订单' },
      description: 'At most 10 items of one SKU per order.',
      request: Type.Object({
        sku: Type.String({ minLength: 1 }),
        quantity: Type.Integer({ minimum: 1 }),
        priority: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('express')])),
      }),
      response: order,
      expose: ['http', 'ai', 'mcp'],
      permission: 'orders:create',
      writes: true,
      // A model may place an order without asking, as in the shop: placing one is cheap to undo.
      ai: { requiresApproval: false },
      errors: [coreErrors.RULE_VIOLATION],
      handle(request, context) {
        if (request.quantity > 10) {
          throw coreErrors.RULE_VIOLATION({ params: { reason: 'at most 10 items per order' } });
        }
        sequence += 1;
        const created: FixtureOrder = {
          id: `order-${sequence}`,
          tenant: context.tenant,
          owner: context.caller.principalId,
          sku: request.sku,
          quantity: request.quantity,
          status: 'open',
        };
        orders.set(created.id, created);
        return view(created);
      },
    }),
    defineOperation({
      id: 'orders.cancel',
      http: { method: 'POST', path: '/orders/cancel' },
      summary: { en: 'Cancel an order', 'zh-CN': '取消订单' },
      request: Type.Object({ orderId: Type.String({ minLength: 1 }) }),
      response: order,
      expose: ['http', 'ai', 'mcp'],
      permission: 'orders:cancel',
      writes: true,
      errors: [coreErrors.NOT_FOUND, coreErrors.CONFLICT],
      // Writes wait for approval by default; tests of plain tool calls opt cancel out.
      ai: { requiresApproval: options.cancelNeedsApproval === true },
      // Only a call that would find an open order of the caller's tenant waits for approval.
      precheck(request, context) {
        if (find(request.orderId, context.tenant).status === 'cancelled') throw coreErrors.CONFLICT();
      },
      handle(request, context) {
        const found = find(request.orderId, context.tenant);
        if (found.status === 'cancelled') throw coreErrors.CONFLICT();
        found.status = 'cancelled';
        return view(found);
      },
    }),
    defineOperation({
      id: 'orders.purge',
      http: { method: 'POST', path: '/orders/purge' },
      request: Type.Object({}),
      response: Type.Object({ purged: Type.Integer() }),
      expose: ['http', 'ai'],
      stability: 'internal',
      permission: 'orders:purge',
      writes: true,
      handle: () => {
        const purged = orders.size;
        orders.clear();
        return { purged };
      },
    }),
  ];
  const logged: Array<{ message: string; details: Readonly<Record<string, unknown>> }> = [];
  const logger = {
    error: (message: string, details: Readonly<Record<string, unknown>>) => logged.push({ message, details }),
    warn: (message: string, details: Readonly<Record<string, unknown>>) => logged.push({ message, details }),
  };
  const app = createOpwire({ operations, logger });
  /** Adds an order directly, bypassing the pipeline (test setup). */
  const seed = (values: Partial<FixtureOrder> = {}): FixtureOrder => {
    sequence += 1;
    const seeded: FixtureOrder = {
      id: `order-${sequence}`,
      tenant: 'acme',
      owner: 'user-customer',
      sku: 'tea',
      quantity: 1,
      status: 'open',
      ...values,
    };
    orders.set(seeded.id, seeded);
    return seeded;
  };
  return { app, operations, orders, seed, logged };
}
