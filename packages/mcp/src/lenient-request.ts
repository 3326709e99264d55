import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Locale } from '@opwire/core';
import * as z from 'zod/v4';
import { toProtocolError } from './mcp-error-table.js';
import { mcpErrors } from './mcp-errors.js';

/**
 * A request schema that names only the method, for `server.setRequestHandler`: the SDK answers params its own
 * schema rejects with an internal error (-32603), so the handler parses them itself with `parseRequest`.
 */
export function anyParams<Method extends string>(method: Method) {
  return z.looseObject({ method: z.literal(method) });
}

/**
 * Sets the handler of a method past the check `Server` adds for `tools/call` (the same for any other method):
 * that check answers malformed params with the schema library's issues as JSON, in a message the client then
 * prefixes a second time. The handler parses the params itself with `parseRequest`.
 */
export function setRequestHandler<Method extends string>(
  server: Server,
  method: Method,
  handler: Parameters<Server['setRequestHandler']>[1],
): void {
  Protocol.prototype.setRequestHandler.call(server, anyParams(method), handler as never);
}

/**
 * Parses a request with the SDK's schema; malformed params are `INVALID_PARAMS` (JSON-RPC's -32602) naming the
 * field in `data.field`, in the reader's language, as the route answers a malformed `_meta` before the SDK.
 */
export function parseRequest<Schema extends z.ZodType>(
  schema: Schema,
  request: unknown,
  locale: Locale,
): z.output<Schema> {
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    const { method } = request as { readonly method: string };
    throw toProtocolError(
      mcpErrors.INVALID_PARAMS({
        field: pathOf(parsed.error.issues[0]),
        params: { method: method.slice(0, 100) },
      }),
      locale,
    );
  }
  return parsed.data;
}

/** Where a request is malformed for the SDK's schema (`params.clientInfo.name`), or `undefined` when it is not. */
export function malformedAt(schema: z.ZodType, request: unknown): string | undefined {
  const parsed = schema.safeParse(request);
  return parsed.success ? undefined : pathOf(parsed.error.issues[0]);
}

function pathOf(issue: z.core.$ZodIssue | undefined): string {
  return issue?.path.length ? issue.path.join('.') : 'params';
}
