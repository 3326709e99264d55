import type { PostgresTransaction } from '@opwire/postgres';
import type { ServiceIdentifier } from 'inversify';
import type { Order, OrderStatus } from './order-schema.js';

/** The part of a PostgreSQL transaction the repository needs (the invocation's transaction provides it). */
export type SqlRunner = Pick<PostgresTransaction, 'query'>;

/** Whose orders a query may see: always one tenant, and one customer unless the caller reads them all. */
export interface OrderScope {
  readonly tenant: string;
  /** Set when the caller may only see its own orders. */
  readonly customer?: string;
}

/** A new order, priced by the caller of `insert`. */
export interface NewOrder {
  readonly customer: string;
  readonly sku: string;
  readonly quantity: number;
  readonly totalCents: number;
  readonly note?: string;
  readonly status?: OrderStatus;
}

/** Options for listing orders. */
export interface ListOrdersOptions {
  readonly status?: OrderStatus;
  readonly limit: number;
}

interface OrderRow {
  id: string;
  customer: string;
  status: OrderStatus;
  sku: string;
  quantity: number;
  total_cents: number;
  note: string | null;
  created_at: Date | string;
}

const columns = 'id, customer, status, sku, quantity, total_cents, note, created_at';

/** Reads and writes orders through one transaction; every query is limited to a tenant. */
export class OrderRepository {
  constructor(private readonly sql: SqlRunner) {}

  /** Lists the scope's orders, newest first. */
  async list(scope: OrderScope, options: ListOrdersOptions): Promise<Order[]> {
    const { where, params } = scopeFilter(scope);
    if (options.status) {
      params.push(options.status);
      where.push(`status = $${params.length}`);
    }
    params.push(options.limit);
    const result = await this.sql.query<OrderRow>(
      `SELECT ${columns} FROM shop_orders WHERE ${where.join(' AND ')}
       ORDER BY created_at DESC, id LIMIT $${params.length}`,
      params,
    );
    return result.rows.map(toOrder);
  }

  /** Finds one order in the scope; another tenant's or customer's order is simply not found. */
  async find(
    scope: OrderScope,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<Order | undefined> {
    const { where, params } = scopeFilter(scope);
    params.push(id);
    const result = await this.sql.query<OrderRow>(
      `SELECT ${columns} FROM shop_orders WHERE ${where.join(' AND ')} AND id = $${params.length}
       ${options.forUpdate ? 'FOR UPDATE' : ''}`,
      params,
    );
    const [row] = result.rows;
    return row && toOrder(row);
  }

  /** Inserts an order for a tenant and returns it as stored. */
  async insert(tenant: string, order: NewOrder): Promise<Order> {
    const result = await this.sql.query<OrderRow>(
      `INSERT INTO shop_orders (tenant, id, customer, status, sku, quantity, total_cents, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${columns}`,
      [
        tenant,
        newOrderId(),
        order.customer,
        order.status ?? 'pending',
        order.sku,
        order.quantity,
        order.totalCents,
        order.note ?? null,
      ],
    );
    return toOrder(result.rows[0] as OrderRow);
  }

  /** Sets an order's status and returns the updated order. */
  async setStatus(tenant: string, id: string, status: OrderStatus): Promise<Order> {
    const result = await this.sql.query<OrderRow>(
      `UPDATE shop_orders SET status = $3 WHERE tenant = $1 AND id = $2 RETURNING ${columns}`,
      [tenant, id, status],
    );
    return toOrder(result.rows[0] as OrderRow);
  }

  /** Counts a tenant's orders (used to seed a tenant only once). */
  async count(tenant: string): Promise<number> {
    const result = await this.sql.query<{ count: number | string }>(
      'SELECT count(*)::int AS count FROM shop_orders WHERE tenant = $1',
      [tenant],
    );
    return Number(result.rows[0]?.count ?? 0);
  }
}

/** DI token for the invocation's `OrderRepository`, bound over the invocation's transaction. */
export const OrderRepositoryToken: ServiceIdentifier<OrderRepository> = Symbol.for('shop.OrderRepository');

function scopeFilter(scope: OrderScope): { where: string[]; params: unknown[] } {
  const where = ['tenant = $1'];
  const params: unknown[] = [scope.tenant];
  if (scope.customer !== undefined) {
    params.push(scope.customer);
    where.push(`customer = $${params.length}`);
  }
  return { where, params };
}

function newOrderId(): string {
  return `ord_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

function toOrder(row: OrderRow): Order {
  const order: Order = {
    id: row.id,
    customer: row.customer,
    status: row.status,
    sku: row.sku,
    quantity: row.quantity,
    totalCents: row.total_cents,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (row.note !== null) order.note = row.note;
  return order;
}
