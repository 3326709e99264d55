import { coreErrors } from '@opwire/core';
import Type from 'typebox';
import { orderOperations } from '../order-operations.js';
import { OrderRepositoryToken } from '../order-repository.js';
import { Order, OrderId, type OrderStatus } from '../order-schema.js';
import { orderScopeOf } from '../order-scope.js';
import { shopErrors } from '../shop-errors.js';

const cancellable: ReadonlySet<OrderStatus> = new Set(['pending', 'paid']);

/** Cancels a pending or paid order of the caller's tenant; a model's call waits for the user's approval. */
export const cancelOrder = orderOperations.defineOperation({
  id: 'orders.cancel',
  summary: { en: 'Cancel an order', 'zh-CN': '取消订单' },
  description: {
    en: 'Cancels a pending or paid order. Shipped or already cancelled orders cannot be cancelled.',
    'zh-CN': '取消待付款或已付款的订单。已发货或已取消的订单不能取消。',
  },
  request: Type.Object({ id: OrderId }),
  response: Order,
  permission: 'cancel',
  errors: [coreErrors.NOT_FOUND, shopErrors.ORDER_NOT_CANCELLABLE],
  writes: true,
  http: { method: 'POST', path: '/orders/{id}/cancel' },
  ai: { requiresApproval: true },
  async handle(request, context) {
    const scope = orderScopeOf(context);
    const orders = context.resolve(OrderRepositoryToken);
    const order = await orders.find(scope, request.id, { forUpdate: true });
    if (!order) throw context.errors.NOT_FOUND({ params: { resource: { en: 'order', 'zh-CN': '订单' } } });
    if (!cancellable.has(order.status)) {
      throw context.errors.ORDER_NOT_CANCELLABLE({
        params: { status: order.status },
        data: { status: order.status },
      });
    }
    return orders.setStatus(scope.tenant, order.id, 'cancelled');
  },
});
