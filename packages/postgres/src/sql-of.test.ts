import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres, type Postgres, sqlOf } from './index.js';
import { collectingLogger } from './test-support.js';

const caller = { principalId: 'ada', tenant: 'acme', permissions: ['*'] };

const placeOrder = defineOperation({
  id: 'orders.place',
  request: Type.Object({ sku: Type.String(), quantity: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ orderId: Type.Integer() }),
  writes: true,
  async handle(request, context) {
    const sql = sqlOf(context);
    const { rows } = await sql.query<{ id: number }>(
      'INSERT INTO orders (tenant, sku, quantity) VALUES ($1, $2, $3) RETURNING id',
      [context.tenant, request.sku, request.quantity],
    );
    return { orderId: rows[0]!.id };
  },
});

describe('sqlOf', () => {
  let postgres: Postgres;
  beforeAll(async () => {
    postgres = await createPostgres({ logger: collectingLogger() });
    await postgres.migrate([
      'CREATE TABLE orders (id serial PRIMARY KEY, tenant text NOT NULL, sku text NOT NULL, quantity int NOT NULL)',
    ]);
  });
  afterAll(() => postgres.close());

  it("gives a handler the invocation's transaction, so its insert commits with its audit record", async () => {
    const app = createOpwire({
      operations: [placeOrder],
      transactions: postgres.transactions,
      audit: postgres.audit,
      logger: collectingLogger(),
    });
    const { orderId } = await app.invoke(placeOrder, { sku: 'tea', quantity: 2 }, { caller });
    expect(
      (await postgres.query('SELECT tenant, sku, quantity FROM orders WHERE id = $1', [orderId])).rows,
    ).toEqual([{ tenant: 'acme', sku: 'tea', quantity: 2 }]);
    expect(
      (await postgres.audit.list({ operationId: 'orders.place' })).map((record) => record.outcome),
    ).toEqual(['ok']);
  });

  it('fails the call with INTERNAL, logging the fix, when the app runs on other transactions', async () => {
    // The caller (an HTTP client, a model) is not told how the server is set up; its operator reads the log.
    const logged: unknown[] = [];
    const logger = {
      error: (_message: string, details?: { error?: unknown }) => logged.push(details?.error),
      warn() {},
    };
    const app = createOpwire({ operations: [placeOrder], logger });
    const call = app.invoke(placeOrder, { sku: 'tea', quantity: 1 }, { caller });
    await expect(call).rejects.toMatchObject({ code: 'INTERNAL', message: 'An internal error occurred.' });
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as Error).message)).toContain(
      'pass createPostgres().transactions to createOpwire',
    );
  });

  it('fails with INVALID_CONFIGURATION outside a transaction', () => {
    let thrown: unknown;
    try {
      sqlOf({ transaction: undefined, operation: placeOrder });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      message: expect.stringContaining('has no open transaction'),
    });
  });
});
