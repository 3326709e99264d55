// A child process for crash-safety.test.ts: it places orders on a PostgreSQL server through Opwire and,
// in the middle of the order named by CRASH_HANG_ORDER, reports "PARTIAL <id>" and waits to be killed.
import { createOpwire, defineOperation } from '@opwire/core';
import { createPostgres, sqlOf } from '@opwire/postgres';
import Type from 'typebox';

const url = process.env.DATABASE_URL;
const schema = process.env.CRASH_SCHEMA;
const hangOrder = process.env.CRASH_HANG_ORDER;
const fullOrders = Number(process.env.CRASH_FULL_ORDERS ?? '3');
const linesPerOrder = Number(process.env.CRASH_LINES ?? '4');
if (!url || !schema || !hangOrder)
  throw new Error('DATABASE_URL, CRASH_SCHEMA and CRASH_HANG_ORDER are required');

const say = (line: string) => process.stdout.write(`${line}\n`);

const placeOrder = defineOperation({
  id: 'orders.place',
  request: Type.Object({ orderId: Type.String(), lines: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ orderId: Type.String() }),
  writes: true,
  async handle(request, context) {
    const sql = sqlOf(context);
    await sql.query('INSERT INTO orders (id, tenant, invocation_id) VALUES ($1, $2, $3)', [
      request.orderId,
      context.tenant,
      context.invocationId,
    ]);
    for (let line = 1; line <= request.lines; line++) {
      await sql.query('INSERT INTO order_lines (order_id, line, sku) VALUES ($1, $2, $3)', [
        request.orderId,
        line,
        `sku-${line}`,
      ]);
      if (request.orderId === hangOrder && line === 1) {
        say(`PARTIAL ${request.orderId}`);
        await new Promise(() => {});
      }
    }
    return { orderId: request.orderId };
  },
});

const postgres = await createPostgres({ url, schema, pool: { max: 2 } });
await postgres.migrate([
  'CREATE TABLE IF NOT EXISTS orders (id text PRIMARY KEY, tenant text NOT NULL, invocation_id text NOT NULL)',
  `CREATE TABLE IF NOT EXISTS order_lines (
     order_id text NOT NULL REFERENCES orders (id), line int NOT NULL, sku text NOT NULL,
     PRIMARY KEY (order_id, line))`,
]);
const app = createOpwire({
  operations: [placeOrder],
  transactions: postgres.transactions,
  audit: postgres.audit,
});
const caller = { principalId: 'crash-writer', tenant: 'acme', permissions: ['*'] };
say('READY');
for (let index = 1; index <= fullOrders; index++) {
  const { orderId } = await app.invoke(
    placeOrder,
    { orderId: `order-${index}`, lines: linesPerOrder },
    { caller },
  );
  say(`COMMITTED ${orderId}`);
}
await app.invoke(placeOrder, { orderId: hangOrder, lines: linesPerOrder }, { caller });
say('UNREACHABLE');
