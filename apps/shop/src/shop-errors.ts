import { defineErrors } from '@opwire/core';

/** The shop's own error codes, handed to `createOpwire` and declared by the operations that raise them. */
export const shopErrors = defineErrors({
  UNKNOWN_SKU: {
    kind: 'rule',
    messages: {
      en: 'There is no product with SKU "{sku}".',
      'zh-CN': '没有 SKU 为“{sku}”的商品。',
    },
  },
  OUT_OF_STOCK: {
    kind: 'rule',
    messages: {
      en: 'Only {available} of "{sku}" are in stock; {requested} were requested.',
      'zh-CN': '“{sku}”仅剩 {available} 件库存，请求了 {requested} 件。',
    },
  },
  ORDER_NOT_CANCELLABLE: {
    kind: 'rule',
    messages: {
      en: 'An order that is {status} can no longer be cancelled; only pending or paid orders can.',
      'zh-CN': '状态为“{status}”的订单无法取消；只有待付款或已付款的订单可以取消。',
    },
  },
});

/** A code the shop's handlers raise. */
export type ShopErrorCode = keyof typeof shopErrors;
