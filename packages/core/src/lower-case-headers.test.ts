import { describe, expect, it } from 'vitest';
import { customer, OrdersTable, ordersOperations } from '../test/orders-fixture.js';
import { idempotency } from './builtins/idempotency.js';
import { createOpwire } from './create-opwire.js';
import { defineMiddleware } from './middleware.js';

// In process, `headers` may be written as the README and OpenAPI spell them (`Idempotency-Key`); middleware reads
// lower-case names, as every surface hands them over. Before, `{ 'Idempotency-Key': key }` was read as no key: the
// same key wrote twice, without a word.
describe('headers given to app.invoke', () => {
  it('replay an Idempotency-Key written in any case: one write, the first answer twice', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const app = createOpwire({ operations: [create], use: [idempotency()] });
    const first = await app.invoke(
      create,
      { sku: 'tea', quantity: 1 },
      { caller: customer, headers: { 'Idempotency-Key': 'k-1' } },
    );
    const second = await app.invoke(
      create,
      { sku: 'tea', quantity: 1 },
      { caller: customer, headers: { 'IDEMPOTENCY-KEY': 'k-1' } },
    );
    const third = await app.invoke(
      create,
      { sku: 'tea', quantity: 1 },
      { caller: customer, headers: { 'idempotency-key': 'k-1' } },
    );
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(table.handlerCalls).toBe(1);
  });

  it('reach middleware with lower-case names and their values as given', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const seen: Record<string, string | undefined>[] = [];
    const look = defineMiddleware({
      name: 'look',
      run(context, next) {
        seen.push({ ...context.headers });
        return next();
      },
    });
    const app = createOpwire({ operations: [create], use: [look] });
    await app.invoke(
      create,
      { sku: 'tea', quantity: 1 },
      { caller: customer, headers: { 'X-Mode': 'Open', accept: 'a/b' } },
    );
    expect(seen).toEqual([{ 'x-mode': 'Open', accept: 'a/b' }]);
  });

  it('refuse a name given twice in two spellings, running nothing', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const app = createOpwire({ operations: [create], use: [idempotency()] });
    await expect(
      app.invoke(
        create,
        { sku: 'tea', quantity: 1 },
        { caller: customer, headers: { 'Idempotency-Key': 'a', 'idempotency-key': 'b' } },
      ),
    ).rejects.toThrow(
      'headers name "idempotency-key" twice, as "Idempotency-Key" and "idempotency-key": give it once',
    );
    expect(table.handlerCalls).toBe(0);
    expect(await app.audit.list()).toEqual([]);
  });
});
