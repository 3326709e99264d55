import type { PageLocale } from '../shared/page-config.js';

/** The chat page's own strings (the drawer has its own). */
export interface ChatPageText {
  readonly heading: string;
  readonly intro: string;
  readonly tips: readonly string[];
  readonly openAssistant: string;
  readonly console: string;
}

/** The chat page's strings per language. */
export const chatPageTexts: Readonly<Record<PageLocale, ChatPageText>> = {
  en: {
    heading: 'Shop assistant',
    intro:
      'The assistant answers from the shop’s own documents and acts on your orders with your permissions. Anything that changes an order waits for your approval.',
    tips: ['What is the return policy?', 'Where is my latest order?', 'Cancel my keyboard order'],
    openAssistant: 'Open the assistant',
    console: 'Governance console',
  },
  'zh-CN': {
    heading: '商店助手',
    intro: '助手依据商店自己的文档回答问题，并以你的权限处理你的订单。任何修改订单的操作都需要你批准。',
    tips: ['退货政策是什么？', '我最近的订单在哪里？', '取消我的键盘订单'],
    openAssistant: '打开助手',
    console: '治理控制台',
  },
};
