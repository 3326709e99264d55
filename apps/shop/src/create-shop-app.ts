import {
  type AnyMiddleware,
  type AnyOperation,
  type AuditLog,
  CurrentContext,
  createOpwire,
  type Logger,
  type Opwire,
  type TransactionManager,
} from '@opwire/core';
import { sqlOf } from '@opwire/postgres';
import { Container } from 'inversify';
import { cancelOrder } from './operations/cancel-order.js';
import { createOrder } from './operations/create-order.js';
import { getOrder } from './operations/get-order.js';
import { listOrders } from './operations/list-orders.js';
import { OrderRepository, OrderRepositoryToken } from './order-repository.js';
import { shopErrors } from './shop-errors.js';

/** The shop's own operations, in the order the API lists them. */
export const shopOperations: readonly AnyOperation[] = [listOrders, getOrder, createOrder, cancelOrder];

/** What the shop's Opwire app runs on. */
export interface ShopAppOptions {
  /** `createPostgres().transactions`: handlers query in the invocation's PostgreSQL transaction. */
  readonly transactions: TransactionManager;
  readonly audit?: AuditLog;
  /** Operations to serve beside the shop's own (for example the AI chat's). */
  readonly operations?: readonly AnyOperation[];
  /** App-wide middleware (the server adds the rate limit and idempotency). */
  readonly use?: readonly AnyMiddleware[];
  readonly logger?: Logger;
}

/**
 * Builds the shop's Opwire app. `OrderRepository` is bound in the root container but resolved from
 * each invocation's child scope, where `CurrentContext` is that invocation, so it queries in the
 * invocation's own transaction.
 */
export function createShopApp(options: ShopAppOptions): Opwire {
  const container = new Container();
  container
    .bind(OrderRepositoryToken)
    .toDynamicValue((scope) => new OrderRepository(sqlOf(scope.get(CurrentContext))));
  return createOpwire({
    operations: [...shopOperations, ...(options.operations ?? [])],
    errors: [shopErrors],
    use: options.use,
    container,
    transactions: options.transactions,
    audit: options.audit,
    logger: options.logger,
  });
}
