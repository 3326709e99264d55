import type { OpenApiOptions } from '@opwire/http';

/** What the shop's OpenAPI document says of its tags and its server, in English and Chinese. */
export const shopOpenApi: OpenApiOptions = {
  tags: {
    orders: {
      en: "The signed-in customer's orders: place, list, read and cancel (cancelling needs support).",
      'zh-CN': '已登录客户的订单：下单、列出、查看和取消（取消需要客服）。',
    },
    ai: {
      en: 'The assistant: chat turns (JSON, server-sent events, the AI SDK UI message stream) and tool approvals.',
      'zh-CN': '助手：对话轮次（JSON、服务器发送事件、AI SDK UI 消息流）和工具审批。',
    },
    api: {
      en: 'Routes at the paths stock clients expect, such as the AI SDK useChat transport.',
      'zh-CN': '位于现成客户端所期望路径上的路由，例如 AI SDK 的 useChat 传输。',
    },
    conversations: { en: "The caller's conversations with the assistant.", 'zh-CN': '调用者与助手的会话。' },
    governance: {
      en: 'The AI governance record: turns, the audit trail, cost, and trimming old records.',
      'zh-CN': 'AI 治理记录：对话轮次、审计轨迹、成本，以及清理旧记录。',
    },
    knowledge: {
      en: 'The knowledge base the assistant cites: search, ingest, remove, and the documents themselves.',
      'zh-CN': '助手引用的知识库：搜索、导入、删除，以及文档本身。',
    },
    mcp: {
      en: 'The Model Context Protocol endpoint (Streamable HTTP) and its OAuth protected-resource metadata.',
      'zh-CN': '模型上下文协议端点（Streamable HTTP）及其 OAuth 受保护资源元数据。',
    },
    'well-known': { en: 'Documents at well-known paths.', 'zh-CN': '位于 well-known 路径的文档。' },
  },
  server: {
    description: {
      en: 'This shop server, as the local demo runs it (same origin as the document)',
      // Spectral's OWASP inventory rule reads the environment in English words: local is kept beside 本地.
      'zh-CN': '本商店服务器，即本地（local）演示运行的实例（与本文档同源）',
    },
    internal: false,
  },
};
