import Type from 'typebox';
import { orderOperations } from '../order-operations.js';
import { OrderRepositoryToken } from '../order-repository.js';
import { Order } from '../order-schema.js';
import { orderScopeOf } from '../order-scope.js';
import { findProduct } from '../product-catalog.js';
import { shopErrors } from '../shop-errors.js';

/** Places an order for the caller; unknown products and quantities beyond stock break a rule. */
export const createOrder = orderOperations.defineOperation({
  id: 'orders.create',
  summary: { en: 'Place an order', 'zh-CN': '下单' },
  description: {
    en: 'Places a pending order for the caller. SKUs: KB-01, MS-02, MN-27, CB-USB.',
    'zh-CN': '为调用者创建一个待付款订单。可用 SKU：KB-01、MS-02、MN-27、CB-USB。',
  },
  request: Type.Object({
    sku: Type.String({ minLength: 1, maxLength: 32, description: 'The product SKU, such as KB-01.' }),
    quantity: Type.Integer({
      minimum: 1,
      maximum: 1000,
      format: 'int32',
      description: 'How many units; at most what is in stock.',
    }),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'A note for the shop.' })),
  }),
  response: Order,
  permission: 'create',
  errors: [shopErrors.UNKNOWN_SKU, shopErrors.OUT_OF_STOCK],
  writes: true,
  // Writes wait for the user's approval by default. Placing an order opts out: it is what the assistant
  // is for, the order starts `pending` (nothing is charged or shipped) and the customer can cancel it.
  ai: { requiresApproval: false },
  http: { method: 'POST', path: '/orders' },
  async handle(request, context) {
    const scope = orderScopeOf(context);
    const product = findProduct(request.sku);
    if (!product) {
      throw context.errors.UNKNOWN_SKU({ field: 'sku', params: { sku: request.sku } });
    }
    if (request.quantity > product.inStock) {
      throw context.errors.OUT_OF_STOCK({
        field: 'quantity',
        params: { sku: product.sku, available: product.inStock, requested: request.quantity },
        data: { sku: product.sku, available: product.inStock },
      });
    }
    return context.resolve(OrderRepositoryToken).insert(scope.tenant, {
      customer: context.caller.principalId,
      sku: product.sku,
      quantity: request.quantity,
      totalCents: product.priceCents * request.quantity,
      note: request.note,
    });
  },
});
