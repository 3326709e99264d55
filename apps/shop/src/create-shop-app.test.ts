import { createToolCatalog } from '@opwire/ai';
import { type Caller, describeError, isOpwireError, type Opwire } from '@opwire/core';
import { createPostgres, type Postgres } from '@opwire/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from './create-shop-app.js';
import { demoCallers } from './demo-callers.js';
import { cancelOrder } from './operations/cancel-order.js';
import { createOrder } from './operations/create-order.js';
import { getOrder } from './operations/get-order.js';
import { listOrders } from './operations/list-orders.js';
import { orderMigrations } from './order-migrations.js';
import { seedOrders, seedShop } from './seed-orders.js';

const alice = demoCallers['customer-token'] as Caller;
const support = demoCallers['support-token'] as Caller;
const globex = demoCallers['globex-token'] as Caller;
const admin = demoCallers['admin-token'] as Caller;

let db: Postgres;
let app: Opwire;

beforeAll(async () => {
  db = await createPostgres();
  await db.migrate(orderMigrations);
  await seedShop(db.transactions);
  app = createShopApp({ transactions: db.transactions, audit: db.audit });
}, 120_000);
afterAll(() => db.close(), 60_000);

async function rejection(promise: Promise<unknown>): Promise<{ code: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    if (isOpwireError(error)) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

async function countOrders(): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM shop_orders');
  return rows[0]?.count ?? -1;
}

describe('the shop app in process', { timeout: 60_000 }, () => {
  it('seeds each tenant once', async () => {
    const before = await countOrders();
    expect(before).toBe(Object.values(seedOrders).flat().length);
    expect(await seedShop(db.transactions)).toBe(0);
    expect(await countOrders()).toBe(before);
  });

  it('shows a customer only its own orders and support the whole tenant', async () => {
    const own = await app.invoke(listOrders, {}, { caller: alice });
    expect(own.orders.map((order) => order.customer)).toEqual(['alice', 'alice']);
    const tenant = await app.invoke(listOrders, {}, { caller: support });
    expect(new Set(tenant.orders.map((order) => order.customer))).toEqual(new Set(['alice', 'bob']));
    const other = await app.invoke(listOrders, { status: 'paid' }, { caller: globex });
    expect(other.orders.map((order) => order.customer)).toEqual(['carol']);
    const limited = await app.invoke(listOrders, { limit: 1 }, { caller: admin });
    expect(limited.orders).toHaveLength(1);
  });

  it('places an order for the caller, priced from the catalogue', async () => {
    const order = await app.invoke(
      createOrder,
      { sku: 'MS-02', quantity: 3, note: 'Desk' },
      { caller: alice },
    );
    expect(order).toMatchObject({
      customer: 'alice',
      sku: 'MS-02',
      quantity: 3,
      totalCents: 8700,
      status: 'pending',
    });
    expect(order.note).toBe('Desk');
    expect(await app.invoke(getOrder, { id: order.id }, { caller: alice })).toEqual(order);
  });

  it('rejects unknown products and quantities beyond stock without writing', async () => {
    const before = await countOrders();
    expect(await rejection(app.invoke(createOrder, { sku: 'NOPE', quantity: 1 }, { caller: alice }))).toEqual(
      {
        code: 'UNKNOWN_SKU',
        field: 'sku',
      },
    );
    expect(
      await rejection(app.invoke(createOrder, { sku: 'KB-01', quantity: 51 }, { caller: alice })),
    ).toEqual({
      code: 'OUT_OF_STOCK',
      field: 'quantity',
    });
    expect(await countOrders()).toBe(before);
  });

  it('cancels pending and paid orders only', async () => {
    const order = await app.invoke(createOrder, { sku: 'KB-01', quantity: 1 }, { caller: alice });
    const cancelled = await app.invoke(cancelOrder, { id: order.id }, { caller: support });
    expect(cancelled.status).toBe('cancelled');
    expect((await rejection(app.invoke(cancelOrder, { id: order.id }, { caller: support }))).code).toBe(
      'ORDER_NOT_CANCELLABLE',
    );
    const shipped = (await app.invoke(listOrders, { status: 'shipped' }, { caller: support })).orders[0];
    expect((await rejection(app.invoke(cancelOrder, { id: shipped!.id }, { caller: support }))).code).toBe(
      'ORDER_NOT_CANCELLABLE',
    );
  });

  it("names the status of an order it cannot cancel in the reader's language", async () => {
    const shipped = (await app.invoke(listOrders, { status: 'shipped' }, { caller: support })).orders[0];
    const refused = await app
      .invoke(cancelOrder, { id: shipped!.id }, { caller: support })
      .catch((error) => error);
    expect(describeError(refused, 'zh-CN').message).toBe(
      '状态为“已发货”的订单无法取消；只有待付款或已付款的订单可以取消。',
    );
    expect(describeError(refused, 'en').message).toBe(
      'An order that is shipped can no longer be cancelled; only pending or paid orders can.',
    );
    expect(refused.data).toEqual({ status: 'shipped' });
  });

  it("treats another tenant's or customer's order as not found", async () => {
    const bobs = (await app.invoke(listOrders, {}, { caller: support })).orders.find(
      (order) => order.customer === 'bob' && order.status === 'paid',
    );
    expect((await rejection(app.invoke(getOrder, { id: bobs!.id }, { caller: alice }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejection(app.invoke(getOrder, { id: bobs!.id }, { caller: globex }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejection(app.invoke(cancelOrder, { id: bobs!.id }, { caller: globex }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await app.invoke(getOrder, { id: bobs!.id }, { caller: support })).status).toBe('paid');
  });

  it('lets only callers with orders:cancel cancel', async () => {
    const [own] = (await app.invoke(listOrders, { status: 'pending' }, { caller: alice })).orders;
    expect((await rejection(app.invoke(cancelOrder, { id: own!.id }, { caller: alice }))).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe("the shop's tools for a model", () => {
  it('wait for approval on every write except orders.create, which opts out', () => {
    const approvals = createToolCatalog({ app })
      .all()
      .map((entry) => [entry.operation?.id, entry.requiresApproval]);
    expect(approvals).toEqual([
      ['orders.list', false],
      ['orders.get', false],
      ['orders.create', false],
      ['orders.cancel', true],
    ]);
    expect(createOrder.writes && cancelOrder.writes).toBe(true);
  });
});
