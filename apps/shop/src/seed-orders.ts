import type { TransactionManager } from '@opwire/core';
import { PostgresTransaction } from '@opwire/postgres';
import { type NewOrder, OrderRepository } from './order-repository.js';

/** The orders a tenant starts with on first start. */
export const seedOrders: Readonly<Record<string, readonly NewOrder[]>> = {
  acme: [
    { customer: 'alice', sku: 'KB-01', quantity: 1, totalCents: 8900, status: 'pending' },
    { customer: 'alice', sku: 'MS-02', quantity: 2, totalCents: 5800, status: 'shipped' },
    { customer: 'bob', sku: 'MN-27', quantity: 1, totalCents: 24900, status: 'paid', note: 'Gift wrap' },
    { customer: 'bob', sku: 'CB-USB', quantity: 3, totalCents: 2700, status: 'cancelled' },
  ],
  globex: [
    { customer: 'carol', sku: 'MN-27', quantity: 2, totalCents: 49800, status: 'paid' },
    { customer: 'dan', sku: 'KB-01', quantity: 1, totalCents: 8900, status: 'pending' },
    { customer: 'dan', sku: 'CB-USB', quantity: 5, totalCents: 4500, status: 'shipped' },
  ],
};

/** Inserts the seed orders of every tenant that has none yet; returns how many it inserted. */
export async function seedShop(transactions: TransactionManager): Promise<number> {
  return transactions.run(
    async (transaction) => {
      if (!PostgresTransaction.isInstance(transaction)) {
        throw new TypeError('The shop needs the transactions of createPostgres() to seed its orders.');
      }
      const orders = new OrderRepository(transaction);
      let inserted = 0;
      for (const [tenant, seeds] of Object.entries(seedOrders)) {
        if ((await orders.count(tenant)) > 0) continue;
        for (const seed of seeds) await orders.insert(tenant, seed);
        inserted += seeds.length;
      }
      return inserted;
    },
    { readOnly: false },
  );
}
