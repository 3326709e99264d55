import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { protocolError } from './mcp-error-table.js';

/**
 * A request schema that names only the method, for `server.setRequestHandler`: the SDK answers params its own
 * schema rejects with an internal error (-32603), so the handler parses them itself with `parseRequest`.
 */
export function anyParams<Method extends string>(method: Method) {
  return z.looseObject({ method: z.literal(method) });
}

/** Parses a request with the SDK's schema; malformed params are JSON-RPC `InvalidParams` (-32602). */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, request: unknown): z.output<Schema> {
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'params';
    throw protocolError(
      ErrorCode.InvalidParams,
      `Invalid params at ${where}: ${issue?.message ?? 'malformed'}`,
    );
  }
  return parsed.data;
}
