import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  describeError,
  type ErrorDescription,
  type ErrorKind,
  type Locale,
  toOpwireError,
} from '@opwire/core';
import { retryAfterOf } from './retry-after.js';

/**
 * The one table from an error's kind to what MCP answers outside a tool result: the JSON-RPC error code of a
 * protocol error (unknown tool, bad cursor) and the HTTP status of a request the transport refuses. A failed
 * tool call is never here: it is an `isError` result whatever its kind.
 */
export const mcpErrorTable: Readonly<Record<ErrorKind, { readonly rpc: number; readonly status: number }>> = {
  invalid: { rpc: ErrorCode.InvalidParams, status: 400 },
  not_found: { rpc: ErrorCode.InvalidParams, status: 404 },
  unauthenticated: { rpc: ErrorCode.ConnectionClosed, status: 401 },
  denied: { rpc: ErrorCode.ConnectionClosed, status: 403 },
  conflict: { rpc: ErrorCode.InvalidRequest, status: 409 },
  rule: { rpc: ErrorCode.InvalidParams, status: 422 },
  limited: { rpc: ErrorCode.InternalError, status: 429 },
  too_large: { rpc: ErrorCode.InvalidRequest, status: 413 },
  unsupported: { rpc: ErrorCode.InvalidRequest, status: 415 },
  not_acceptable: { rpc: -32000, status: 406 },
  method: { rpc: ErrorCode.MethodNotFound, status: 405 },
  cancelled: { rpc: ErrorCode.ConnectionClosed, status: 499 },
  timeout: { rpc: ErrorCode.RequestTimeout, status: 504 },
  upstream: { rpc: ErrorCode.InternalError, status: 502 },
  unavailable: { rpc: ErrorCode.InternalError, status: 503 },
  internal: { rpc: ErrorCode.InternalError, status: 500 },
};

/**
 * The JSON-RPC codes of the refusals JSON-RPC itself names, whatever their kind, and of the session refusals,
 * as the SDK's own Streamable HTTP server transport answers them: -32001 "Session not found", -32000 for a
 * missing `Mcp-Session-Id` and for a GET or DELETE without sessions (the SDK's `ErrorCode` names these numbers otherwise, so they are written out).
 */
const rpcCodes: ReadonlyMap<string, number> = new Map([
  ['MALFORMED_JSON', ErrorCode.ParseError],
  ['INVALID_MESSAGE', ErrorCode.InvalidRequest],
  ['INITIALIZE_NOT_BATCHED', ErrorCode.InvalidRequest],
  ['INITIALIZE_NOT_A_REQUEST', ErrorCode.InvalidRequest],
  ['BATCH_NOT_SUPPORTED', ErrorCode.InvalidRequest],
  ['REPEATED_REQUEST_ID', ErrorCode.InvalidRequest],
  ['REQUEST_ID_IN_USE', ErrorCode.InvalidRequest],
  ['RESPONSE_TOO_DEEP', ErrorCode.InvalidRequest],
  ['STDIO_BATCH_NOT_SUPPORTED', ErrorCode.InvalidRequest],
  ['SESSION_ALREADY_INITIALIZED', ErrorCode.InvalidRequest],
  ['SESSION_NOT_FOUND', -32001],
  ['SESSION_REQUIRED', -32000],
  ['NO_SESSIONS', -32000],
  ['STREAM_ALREADY_OPEN', -32000],
  ['UNSUPPORTED_PROTOCOL_VERSION', -32000],
  ['REPEATED_PROTOCOL_VERSION', -32000],
]);

/**
 * A protocol error for the SDK to send: the table's JSON-RPC code, the message in `locale`, and as data what an
 * HTTP answer of the transport carries (`dataOf`).
 */
export function toProtocolError(thrown: unknown, locale: Locale): McpError {
  const error = toOpwireError(thrown);
  const description = describeError(error, locale);
  return protocolError(
    mcpErrorTable[description.kind].rpc,
    description.message,
    dataOf(description, error.headers),
  );
}

/** A JSON-RPC error's `data`: the Opwire code, the field, and the seconds of a `retry-after` header as `retryAfter`. */
function dataOf(
  description: ErrorDescription,
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, unknown> {
  const retryAfter = retryAfterOf(headers);
  return {
    code: description.code,
    ...(description.field ? { field: description.field } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/**
 * A protocol error whose message on the wire is the text alone: `McpError` prefixes `MCP error <code>: `,
 * which the SDK sends as the message, and a client's `McpError` prefixes again.
 */
export function protocolError(code: number, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

/** A JSON-RPC error object (`code`, `message`, `data`) as an answer of a transport writes it, over HTTP or stdio. */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data: Record<string, unknown>;
}

/**
 * The JSON-RPC error a transport answers for a refusal: JSON-RPC's own code where it names the refusal (a parse
 * error, an invalid request), the table's otherwise; the message in `locale`; `dataOf` as data.
 */
export function toJsonRpcError(
  thrown: unknown,
  locale: Locale,
  headers: Readonly<Record<string, string>> = {},
): JsonRpcErrorObject {
  const error = toOpwireError(thrown);
  const description = describeError(error, locale);
  return {
    code: rpcCodes.get(description.code) ?? mcpErrorTable[description.kind].rpc,
    message: description.message,
    data: dataOf(description, { ...error.headers, ...headers }),
  };
}

/** A JSON-RPC error body for an HTTP answer of the transport: the request's id when given, else null (not read). */
export function errorResponse(
  thrown: unknown,
  locale: Locale,
  headers: Record<string, string> = {},
  overrides: { readonly message?: string; readonly id?: string | number } = {},
): Response {
  const error = toOpwireError(thrown);
  const { code, message, data } = toJsonRpcError(error, locale, headers);
  const body = {
    jsonrpc: '2.0',
    error: { code, message: overrides.message ?? message, data },
    // JSON-RPC answers the request's own id when it could be read, null only when it could not.
    id: overrides.id ?? null,
  };
  return new Response(JSON.stringify(body), {
    status: mcpErrorTable[error.kind].status,
    // The message is in the caller's language: a cache must not hand it to a caller asking in another.
    headers: {
      'content-type': 'application/json',
      'content-language': locale,
      ...headers,
      vary: headers.vary === undefined ? 'Accept-Language' : `${headers.vary}, Accept-Language`,
    },
  });
}
