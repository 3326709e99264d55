import {
  type AuditLog,
  type Caller,
  coreErrors,
  createMemoryAuditLog,
  createOpwire,
  defineOperation,
  type InvocationContext,
  type Opwire,
} from '@opwire/core';
import { type Authenticator, staticTokens } from '@opwire/core/surface';
import Type from 'typebox';

/** The callers of the fixture app, by bearer token. */
export const fixtureCallers = {
  'customer-token': { principalId: 'alice', tenant: 'acme', permissions: ['orders:read', 'orders:write'] },
  'viewer-token': { principalId: 'victor', tenant: 'acme', permissions: ['orders:read'] },
  'zh-token': {
    principalId: 'li',
    tenant: 'acme',
    permissions: ['orders:read', 'orders:write'],
    locale: 'zh-CN',
  },
} satisfies Record<string, Caller>;

/** A small orders app on memory adapters that counts every handler call, for HTTP tests. */
export interface FixtureApp {
  readonly app: Opwire;
  readonly audit: AuditLog;
  readonly authenticate: Authenticator;
  /** Handler calls by operation id. */
  readonly calls: Map<string, number>;
  /** The orders committed so far. */
  readonly orders: Map<string, { id: string; item: string; quantity: number; status: string }>;
  /** The contexts handlers saw, newest last. */
  readonly contexts: InvocationContext[];
  handlerCalls(): number;
}

const Order = Type.Object({
  id: Type.String(),
  item: Type.String(),
  quantity: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('cancelled')]),
});

/** Builds the fixture app: orders CRUD, a public status read, an overridden route and a failing one. */
export function createFixtureApp(): FixtureApp {
  const calls = new Map<string, number>();
  const orders: FixtureApp['orders'] = new Map();
  const contexts: InvocationContext[] = [];
  let sequence = 0;
  const count = (context: InvocationContext) => {
    calls.set(context.operation.id, (calls.get(context.operation.id) ?? 0) + 1);
    contexts.push(context);
  };
  const find = (id: string) => {
    const order = orders.get(id);
    if (!order) throw coreErrors.NOT_FOUND({ params: { resource: 'order' } });
    return order;
  };
  const operations = [
    defineOperation({
      id: 'orders.create',
      summary: { en: 'Place an order', 'zh-CN': '下单' },
      request: Type.Object({
        item: Type.String({ minLength: 1 }),
        quantity: Type.Integer({ minimum: 1, maximum: 100 }),
        priority: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('high')])),
      }),
      response: Order,
      expose: ['http'],
      permission: 'orders:write',
      writes: true,
      errors: [coreErrors.CONFLICT],
      handle(request, context) {
        count(context);
        const order = {
          id: `o${++sequence}`,
          item: request.item,
          quantity: request.quantity,
          status: 'open' as const,
        };
        context.transaction?.onCommit(() => orders.set(order.id, order));
        return order;
      },
    }),
    defineOperation({
      id: 'orders.get',
      request: Type.Object({ id: Type.String() }),
      response: Order,
      expose: ['http'],
      permission: 'orders:read',
      errors: [coreErrors.NOT_FOUND],
      handle(request, context) {
        count(context);
        return find(request.id) as Type.Static<typeof Order>;
      },
    }),
    defineOperation({
      id: 'orders.list',
      request: Type.Object({
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
        status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('cancelled')])),
        mine: Type.Optional(Type.Boolean()),
        tags: Type.Optional(Type.Array(Type.String())),
      }),
      response: Type.Object({ items: Type.Array(Order), limit: Type.Integer() }),
      expose: ['http'],
      permission: 'orders:read',
      handle(request, context) {
        count(context);
        const items = [...orders.values()].filter(
          (order) => !request.status || order.status === request.status,
        );
        const limit = request.limit ?? 10;
        return { items: items.slice(0, limit) as Array<Type.Static<typeof Order>>, limit };
      },
    }),
    defineOperation({
      id: 'orders.update',
      request: Type.Object({ id: Type.String(), quantity: Type.Integer({ minimum: 1 }) }),
      response: Order,
      expose: ['http'],
      permission: 'orders:write',
      writes: true,
      errors: [coreErrors.NOT_FOUND],
      handle(request, context) {
        count(context);
        const order = { ...find(request.id), quantity: request.quantity };
        context.transaction?.onCommit(() => orders.set(order.id, order));
        return order as Type.Static<typeof Order>;
      },
    }),
    defineOperation({
      id: 'orders.delete',
      request: Type.Object({ id: Type.String() }),
      response: Type.Object({ deleted: Type.Boolean() }),
      expose: ['http'],
      permission: 'orders:write',
      writes: true,
      errors: [coreErrors.NOT_FOUND],
      handle(request, context) {
        count(context);
        find(request.id);
        context.transaction?.onCommit(() => orders.delete(request.id));
        return { deleted: true };
      },
    }),
    defineOperation({
      id: 'orders.cancel',
      request: Type.Object({ id: Type.String(), reason: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: Order,
      expose: ['http'],
      permission: 'orders:write',
      writes: true,
      errors: [coreErrors.NOT_FOUND, coreErrors.RULE_VIOLATION],
      handle(request, context) {
        count(context);
        const order = find(request.id);
        if (order.status === 'cancelled') {
          throw coreErrors.RULE_VIOLATION({ params: { reason: 'the order is already cancelled' } });
        }
        const cancelled = { ...order, status: 'cancelled' };
        context.transaction?.onCommit(() => orders.set(order.id, cancelled));
        return cancelled as Type.Static<typeof Order>;
      },
    }),
    defineOperation({
      id: 'service.status',
      request: Type.Object({}),
      response: Type.Object({ ok: Type.Boolean(), caller: Type.Optional(Type.String()) }),
      expose: ['http'],
      public: true,
      http: { method: 'GET', path: '/status' },
      handle(_request, context) {
        count(context);
        return context.caller ? { ok: true, caller: context.caller.principalId } : { ok: true };
      },
    }),
    defineOperation({
      id: 'reports.summarize',
      request: Type.Object({
        year: Type.Integer({ minimum: 2000 }),
        detailed: Type.Optional(Type.Boolean()),
      }),
      response: Type.Object({ year: Type.Integer(), detailed: Type.Boolean() }),
      expose: ['http'],
      permission: 'orders:read',
      http: { method: 'GET', path: '/reports/{year}/summary' },
      handle(request, context) {
        count(context);
        return { year: request.year, detailed: request.detailed ?? false };
      },
    }),
    defineOperation({
      id: 'diagnostics.explode',
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['http'],
      permission: 'orders:read',
      handle(_request, context) {
        count(context);
        throw new Error('connection to postgres://admin:hunter2@db.internal failed');
      },
    }),
    defineOperation({
      id: 'internal.hidden',
      request: Type.Object({}),
      response: Type.Object({}),
      handle: () => ({}),
    }),
  ];
  const audit = createMemoryAuditLog();
  const app = createOpwire({ operations, audit, logger: { error: () => undefined, warn: () => undefined } });
  return {
    app,
    audit,
    authenticate: staticTokens(fixtureCallers),
    calls,
    orders,
    contexts,
    handlerCalls: () => [...calls.values()].reduce((sum, value) => sum + value, 0),
  };
}
