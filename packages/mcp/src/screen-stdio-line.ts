import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Locale } from '@opwire/core';
import { isJsonRpcBody, paramsMalformed, withoutMalformedNotifications } from './json-rpc-body.js';
import { toJsonRpcError } from './mcp-error-table.js';
import { mcpErrors } from './mcp-errors.js';

/** What becomes of a line read over stdio: the SDK's transport reads it, or it is answered (or dropped) here. */
export type StdioLineVerdict =
  | { readonly admit: true }
  | { readonly admit: false; readonly answer?: JSONRPCMessage };

/**
 * Screens a line before the SDK's stdio transport reads it, since the transport drops what its schema rejects
 * without an answer. A request whose params MCP rejects is answered -32602 `INVALID_PARAMS` under its own id, as
 * over Streamable HTTP; a notification whose params MCP rejects is dropped, since JSON-RPC answers no notification.
 */
export function screenStdioLine(line: string, locale: Locale): StdioLineVerdict {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return { admit: true };
  }
  if (Array.isArray(message) || !isJsonRpcBody(message)) return { admit: true };
  const malformed = paramsMalformed(message);
  if (malformed) {
    const { id, field } = malformed;
    const error = mcpErrors.INVALID_PARAMS({ field, params: { method: malformed.method.slice(0, 100) } });
    return { admit: false, answer: { jsonrpc: '2.0', id, error: toJsonRpcError(error, locale) } };
  }
  return withoutMalformedNotifications(message) === undefined ? { admit: false } : { admit: true };
}
