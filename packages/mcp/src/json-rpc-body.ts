import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import { malformedAt } from './lenient-request.js';

// JSON-RPC's own shape of a request and a notification: params, when sent, are structured (an object or an
// array); what MCP asks of them (`_meta` an object, a tool's name) is the params' business, not the envelope's.
const params = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
const requestEnvelope = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.int()]),
  method: z.string(),
  params,
});
const notificationEnvelope = z.strictObject({ jsonrpc: z.literal('2.0'), method: z.string(), params });
const envelope = z.union([
  requestEnvelope,
  notificationEnvelope,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
]);

/**
 * Whether a POST body is what the Streamable HTTP transport reads: one JSON-RPC 2.0 message (request,
 * notification or response) or a non-empty array of them. Only the envelope is checked: params MCP rejects
 * are `paramsMalformed`'s.
 */
export function isJsonRpcBody(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every(isJsonRpcMessage);
  return isJsonRpcMessage(body);
}

function isJsonRpcMessage(value: unknown): boolean {
  return envelope.safeParse(value).success;
}

/** The first message of a body whose params the SDK's schema rejects: its method, id and where (`params._meta`). */
export interface MalformedParams {
  readonly method: string;
  /** The request's id; a notification has none. */
  readonly id?: string | number;
  readonly field: string;
}

/** Where the params of a body that `isJsonRpcBody` admits are malformed for MCP, or `undefined` when they are not. */
export function paramsMalformed(body: unknown): MalformedParams | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    const request = requestEnvelope.safeParse(message);
    if (request.success) {
      const field = malformedAt(JSONRPCRequestSchema, message);
      if (field) return { method: request.data.method, id: request.data.id, field };
      continue;
    }
    const notification = notificationEnvelope.safeParse(message);
    if (notification.success) {
      const field = malformedAt(JSONRPCNotificationSchema, message);
      if (field) return { method: notification.data.method, field };
    }
  }
  return undefined;
}
