import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Locale } from '@opwire/core';
import { findPoisonedKey } from '@opwire/core/surface';
import { isJsonRpcBody, paramsMalformed, withoutMalformedNotifications } from './json-rpc-body.js';
import { toJsonRpcError } from './mcp-error-table.js';
import { invalidMessageIn, mcpErrors } from './mcp-errors.js';
import { firstVersionWithoutBatches } from './open-session.js';

/** What becomes of a line read over stdio: the SDK's transport reads it, or it is answered (or dropped) here. */
export type StdioLineVerdict =
  | { readonly admit: true }
  | { readonly admit: false; readonly answer?: JSONRPCMessage };

/** Where a line is read: the caller's locale, and the protocol version `initialize` negotiated, once it has. */
export interface StdioLineSituation {
  readonly locale: Locale;
  readonly protocolVersion?: string | undefined;
}

/**
 * Screens a line before the SDK's stdio transport reads it, since the transport drops what its schema rejects
 * without an answer. A line that is not JSON is a parse error (-32700, id null), a batch one invalid request
 * (-32600, id null: the transport reads one message a line), and so is JSON that is no JSON-RPC 2.0 message
 * (`INVALID_MESSAGE`, as over Streamable HTTP); a request whose params MCP rejects is -32602
 * `INVALID_PARAMS` under its own id, as over Streamable HTTP; an `initialize` without an id is -32600
 * `INITIALIZE_NOT_A_REQUEST` with id null, as over Streamable HTTP; a notification whose params MCP rejects is
 * dropped, since JSON-RPC answers no notification. A blank line carries no message and is skipped.
 */
export function screenStdioLine(line: string, situation: StdioLineSituation): StdioLineVerdict {
  if (line.trim() === '') return { admit: false };
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return refuse(mcpErrors.MALFORMED_JSON(), situation.locale);
  }
  if (Array.isArray(message)) return refuse(batchRefusal(message, situation), situation.locale);
  // The transport would drop it unanswered, leaving a client waiting on its id; HTTP answers it -32600 too.
  // One with a __proto__ key goes on to be refused as PROTOTYPE_POISONING under its id, as it was.
  if (!isJsonRpcBody(message)) {
    return findPoisonedKey(message) === undefined
      ? refuse(mcpErrors.INVALID_MESSAGE({ params: invalidMessageIn.line }), situation.locale)
      : { admit: true };
  }
  // MCP has initialize only as a request, so one without an id is an invalid request, answered with id null as
  // JSON-RPC answers one (not a notification, which it never answers): the transport would ignore it, and the
  // client would wait for a session that never opens. Streamable HTTP answers it the same.
  if ((message as { method?: unknown }).method === 'initialize' && !Object.hasOwn(message as object, 'id'))
    return refuse(mcpErrors.INITIALIZE_NOT_A_REQUEST(), situation.locale);
  const malformed = paramsMalformed(message);
  if (malformed) {
    const { id, field } = malformed;
    const error = mcpErrors.INVALID_PARAMS({ field, params: { method: malformed.method.slice(0, 100) } });
    return refuse(error, situation.locale, id);
  }
  return withoutMalformedNotifications(message) === undefined ? { admit: false } : { admit: true };
}

/** Why a batch is refused: an `initialize` travels alone, a version since 2025-06-18 has none, stdio takes none. */
function batchRefusal(batch: readonly unknown[], { protocolVersion }: StdioLineSituation) {
  if (batch.some((message) => (message as { method?: unknown } | null)?.method === 'initialize'))
    return mcpErrors.INITIALIZE_NOT_BATCHED();
  if (protocolVersion !== undefined && protocolVersion >= firstVersionWithoutBatches)
    return mcpErrors.BATCH_NOT_SUPPORTED({ params: { version: protocolVersion } });
  return mcpErrors.STDIO_BATCH_NOT_SUPPORTED();
}

function refuse(error: unknown, locale: Locale, id: string | number | null = null): StdioLineVerdict {
  // JSON-RPC answers null for an id it could not read; the SDK's type has no null, the wire does.
  const answer = { jsonrpc: '2.0', id, error: toJsonRpcError(error, locale) } as JSONRPCMessage;
  return { admit: false, answer };
}
