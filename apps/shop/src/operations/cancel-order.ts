import { coreErrors } from '@opwire/core';
import Type from 'typebox';
import { orderOperations } from '../order-operations.js';
import { OrderRepositoryToken } from '../order-repository.js';
import { Order, OrderId, type OrderStatus } from '../order-schema.js';
import { orderScopeOf } from '../order-scope.js';
import { shopErrors } from '../shop-errors.js';

const cancellable: ReadonlySet<OrderStatus> = new Set(['pending', 'paid']);

/** How a Chinese reader names each status in a message; English names it as the API spells it. */
const statusInChinese: Readonly<Record<OrderStatus, string>> = {
  pending: '待付款',
  paid: '已付款',
  shipped: '已发货',
  cancelled: '已取消',
};

/**
 * Cancels a pending or paid order of the caller's tenant; a model's call waits for the user's approval, and
 * only a call that would find a cancellable order is put to the user (the precheck answers as the call would).
 */
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
  async precheck(request, context) {
    checkCancellable(await context.resolve(OrderRepositoryToken).find(orderScopeOf(context), request.id));
  },
  async handle(request, context) {
    const scope = orderScopeOf(context);
    const orders = context.resolve(OrderRepositoryToken);
    const order = checkCancellable(await orders.find(scope, request.id, { forUpdate: true }));
    return orders.setStatus(scope.tenant, order.id, 'cancelled');
  },
});

/** The order if it can be cancelled; else the error a cancel answers (the precheck and the handler agree). */
function checkCancellable(order: Order | undefined): Order {
  if (!order) throw coreErrors.NOT_FOUND({ params: { resource: { en: 'order', 'zh-CN': '订单' } } });
  if (!cancellable.has(order.status)) {
    throw shopErrors.ORDER_NOT_CANCELLABLE({
      params: { status: { en: order.status, 'zh-CN': statusInChinese[order.status] } },
      data: { status: order.status },
    });
  }
  return order;
}
