import { createHash } from 'node:crypto';
import Type from 'typebox';
import {
  type AuditLog,
  type Caller,
  coreErrors,
  defineErrors,
  defineOperation,
  type InvocationContext,
} from '../src/index.js';

/** The fixture's own catalogue. */
export const fixtureErrors = defineErrors({
  OUT_OF_STOCK: {
    kind: 'rule',
    messages: { en: 'Only {available} of {sku} left.', 'zh-CN': '{sku} 仅剩 {available} 件。' },
  },
});

/** A tiny in-memory orders table whose writes roll back with the invocation's transaction. */
export class OrdersTable {
  readonly rows = new Map<
    string,
    { id: string; tenant: string; sku: string; quantity: number; status: string }
  >();
  handlerCalls = 0;
  private next = 1;

  insert(context: InvocationContext, sku: string, quantity: number, status: string) {
    const id = `o${this.next++}`;
    const row = { id, tenant: context.tenant ?? '', sku, quantity, status };
    this.rows.set(id, row);
    context.transaction?.onRollback(() => this.rows.delete(id));
    return row;
  }
}

export const Status = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled')]);
export const Order = Type.Object({
  id: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  status: Status,
});

/** Builds `orders.create` and `orders.get` over one table. */
export function ordersOperations(table: OrdersTable) {
  const create = defineOperation({
    id: 'orders.create',
    summary: 'Create an order',
    request: Type.Object({
      sku: Type.String({ minLength: 1, maxLength: 32 }),
      quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
      status: Type.Optional(Status),
      note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      email: Type.Optional(Type.String({ format: 'email' })),
    }),
    response: Order,
    expose: ['http', 'ai', 'mcp'],
    permission: 'orders:create',
    errors: [fixtureErrors.OUT_OF_STOCK],
    writes: true,
    handle: (request, context) => {
      table.handlerCalls++;
      const row = table.insert(context, request.sku, request.quantity, request.status ?? 'pending');
      if (request.quantity > 100) {
        throw context.errors.OUT_OF_STOCK({ params: { sku: request.sku, available: 100 } });
      }
      return { id: row.id, sku: row.sku, quantity: row.quantity, status: row.status as 'pending' };
    },
  });
  const get = defineOperation({
    id: 'orders.get',
    request: Type.Object({ id: Type.String() }),
    response: Order,
    expose: ['http', 'ai'],
    permission: 'orders:read',
    errors: [coreErrors.NOT_FOUND],
    handle: (request, context) => {
      table.handlerCalls++;
      const row = table.rows.get(request.id);
      if (!row || row.tenant !== context.tenant)
        throw context.errors.NOT_FOUND({ params: { resource: 'order' } });
      return { id: row.id, sku: row.sku, quantity: row.quantity, status: row.status as 'pending' };
    },
  });
  return { create, get };
}

export const customer: Caller = {
  principalId: 'alice',
  tenant: 'acme',
  permissions: ['orders:read', 'orders:create'],
};
export const reader: Caller = { principalId: 'bob', tenant: 'acme', permissions: ['orders:read'] };

/** A digest of the audit records as they are now, to compare before and after a call. */
export async function auditDigest(audit: AuditLog): Promise<{ count: number; digest: string }> {
  const records = await audit.list();
  return {
    count: records.length,
    digest: createHash('sha256').update(JSON.stringify(records)).digest('hex'),
  };
}
