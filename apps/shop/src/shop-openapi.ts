import type { OpenApiOptions } from '@opwire/http';

/** What the shop's OpenAPI document says of its tags and its server. */
export const shopOpenApi: OpenApiOptions = {
  tags: {
    orders: "The signed-in customer's orders: place, list, read and cancel (cancelling needs support).",
    ai: 'The assistant: chat turns (JSON, server-sent events, the AI SDK UI message stream) and tool approvals.',
    api: 'Routes at the paths stock clients expect, such as the AI SDK useChat transport.',
    conversations: "The caller's conversations with the assistant.",
    governance: 'The AI governance record: turns, the audit trail, cost, and trimming old records.',
    knowledge:
      'The knowledge base the assistant cites: search, ingest, remove, and the documents themselves.',
    mcp: 'The Model Context Protocol endpoint (Streamable HTTP) and its OAuth protected-resource metadata.',
    'well-known': 'Documents at well-known paths.',
  },
  server: {
    description: 'This shop server, as the local demo runs it (same origin as the document)',
    internal: false,
  },
};
