import Type from 'typebox';
import { orderOperations } from '../order-operations.js';
import { OrderRepositoryToken } from '../order-repository.js';
import { Order, OrderStatus } from '../order-schema.js';
import { orderScopeOf } from '../order-scope.js';

/** Lists the caller's visible orders in its tenant, newest first. */
export const listOrders = orderOperations.defineOperation({
  id: 'orders.list',
  summary: { en: 'List orders', 'zh-CN': '列出订单' },
  description: {
    en: "Lists the caller's orders, newest first; support staff see every order of their tenant.",
    'zh-CN': '按时间倒序列出调用者的订单；客服人员可以看到其租户的所有订单。',
  },
  request: Type.Object({
    status: Type.Optional(OrderStatus),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        format: 'int32',
        description: 'At most this many orders (default 20).',
      }),
    ),
  }),
  response: Type.Object({ orders: Type.Array(Order, { maxItems: 100 }) }),
  permission: 'read',
  http: { method: 'GET', path: '/orders' },
  async handle(request, context) {
    const orders = await context
      .resolve(OrderRepositoryToken)
      .list(orderScopeOf(context), { status: request.status, limit: request.limit ?? 20 });
    return { orders };
  },
});
