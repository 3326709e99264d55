/**
 * The shop without HTTP: the same operations, invoked in process under the demo callers.
 * Run with `pnpm --filter @opwire/example-shop example`; the database lives in memory.
 */
import { describeError, isOpwireError } from '@opwire/core';
import { createPostgres } from '@opwire/postgres';
import { createShopApp } from './create-shop-app.js';
import { demoCallers } from './demo-callers.js';
import { cancelOrder } from './operations/cancel-order.js';
import { createOrder } from './operations/create-order.js';
import { getOrder } from './operations/get-order.js';
import { listOrders } from './operations/list-orders.js';
import { orderMigrations } from './order-migrations.js';
import { seedShop } from './seed-orders.js';

const alice = demoCallers['customer-token']!;
const support = demoCallers['support-token']!;
const globex = demoCallers['globex-token']!;

const db = await createPostgres();
await db.migrate(orderMigrations);
await seedShop(db.transactions);
const app = createShopApp({ transactions: db.transactions, audit: db.audit });

try {
  const mine = await app.invoke(listOrders, {}, { caller: alice });
  console.log(
    `alice sees ${mine.orders.length} orders:`,
    mine.orders.map((order) => `${order.id} ${order.status}`),
  );

  const created = await app.invoke(
    createOrder,
    { sku: 'KB-01', quantity: 2, note: 'Office' },
    { caller: alice },
  );
  console.log('alice placed', created);

  const readBack = await app.invoke(getOrder, { id: created.id }, { caller: alice });
  console.log(`alice reads ${readBack.id} back: ${readBack.totalCents} cents`);

  const cancelled = await app.invoke(cancelOrder, { id: created.id }, { caller: support });
  console.log(`support cancelled ${cancelled.id}: status ${cancelled.status}`);

  for (const [label, run] of [
    ['too many keyboards', () => app.invoke(createOrder, { sku: 'KB-01', quantity: 500 }, { caller: alice })],
    [
      'quantity as a string',
      // Deliberately wrong: the type checker refuses it, so the call goes through the id, checked at run time.
      () => app.invoke('orders.create', { sku: 'KB-01', quantity: '2' }, { caller: alice }),
    ],
    ['alice cancels', () => app.invoke(cancelOrder, { id: created.id }, { caller: alice })],
    ['globex reads an acme order', () => app.invoke(getOrder, { id: created.id }, { caller: globex })],
    ['cancel twice', () => app.invoke(cancelOrder, { id: created.id }, { caller: support })],
  ] as const) {
    try {
      await run();
      console.log(`${label}: unexpectedly succeeded`);
    } catch (error) {
      if (!isOpwireError(error)) throw error;
      const { code, message, field } = describeError(error, 'en');
      console.log(`${label}: rejected with ${code}${field ? ` (${field})` : ''}: ${message}`);
    }
  }

  const audit = await db.audit.list({ limit: 20 });
  console.log(`audit log holds ${audit.length} records, e.g.`, audit.at(-1));
} finally {
  await db.close();
}
