import { coreErrors } from '@opwire/core';
import Type from 'typebox';
import { orderOperations } from '../order-operations.js';
import { OrderRepositoryToken } from '../order-repository.js';
import { Order, OrderId } from '../order-schema.js';
import { orderScopeOf } from '../order-scope.js';

/** Returns one order the caller may see; any other id, in any tenant, is NOT_FOUND. */
export const getOrder = orderOperations.defineOperation({
  id: 'orders.get',
  summary: { en: 'Get an order', 'zh-CN': '查看订单' },
  description: {
    en: 'Returns one order by id. An order of another tenant or customer is reported as not found.',
    'zh-CN': '按 id 返回一个订单。其他租户或客户的订单视为不存在。',
  },
  request: Type.Object({ id: OrderId }),
  response: Order,
  permission: 'read',
  errors: [coreErrors.NOT_FOUND],
  http: { method: 'GET', path: '/orders/{id}' },
  async handle(request, context) {
    const order = await context.resolve(OrderRepositoryToken).find(orderScopeOf(context), request.id);
    if (!order) throw context.errors.NOT_FOUND({ params: { resource: { en: 'order', 'zh-CN': '订单' } } });
    return order;
  },
});
