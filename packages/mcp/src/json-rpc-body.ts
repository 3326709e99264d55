import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Whether a POST body is what the Streamable HTTP transport reads: one JSON-RPC 2.0 message (request,
 * notification or response, as the SDK's schema admits it) or a non-empty array of them.
 */
export function isJsonRpcBody(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every(isJsonRpcMessage);
  return isJsonRpcMessage(body);
}

function isJsonRpcMessage(value: unknown): boolean {
  return JSONRPCMessageSchema.safeParse(value).success;
}
