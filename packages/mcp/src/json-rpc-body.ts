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

/** The ids of a body's requests (not its notifications nor responses), each as JSON: `1` and `"1"` differ. */
export function requestIdsOf(body: unknown): string[] {
  const ids: string[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number'))
      ids.push(JSON.stringify(id));
  }
  return ids;
}

/**
 * How deep a client's JSON-RPC response may nest: an answer to what a server asks (an elicitation's flat
 * content, roots, a sampled message) is a few levels deep. The SDK writes a response it was not waiting for
 * into an error text with `JSON.stringify`, which a deep enough one overflows.
 */
export const responseDepthLimit = 64;

/** Whether a response (a message with `result` or `error`) of the body nests deeper than `responseDepthLimit`. */
export function hasTooDeepResponse(body: unknown): boolean {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== 'object' || message === null || Object.hasOwn(message, 'method')) continue;
    if (deeperThan(message, responseDepthLimit)) return true;
  }
  return false;
}

/** Whether a JSON value nests deeper than `limit`, found without recursion (the value may be deep). */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The first request of a body whose params the SDK's schema rejects: its method, id and where (`params._meta`). */
export interface MalformedParams {
  readonly method: string;
  readonly id: string | number;
  readonly field: string;
}

/**
 * Where the params of a request in a body that `isJsonRpcBody` admits are malformed for MCP, or `undefined` when
 * they are not. A notification is never answered: see `withoutMalformedNotifications`.
 */
export function paramsMalformed(body: unknown): MalformedParams | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    const request = requestEnvelope.safeParse(message);
    if (!request.success) continue;
    const field = malformedAt(JSONRPCRequestSchema, message);
    if (field) return { method: request.data.method, id: request.data.id, field };
  }
  return undefined;
}

/**
 * A body that `isJsonRpcBody` admits without the notifications whose params MCP rejects (JSON-RPC answers no
 * notification, not even an error, so such a one is dropped unread); `undefined` when nothing else is left.
 */
export function withoutMalformedNotifications(body: unknown): unknown {
  if (!Array.isArray(body)) return isMalformedNotification(body) ? undefined : body;
  const kept = body.filter((message) => !isMalformedNotification(message));
  if (kept.length === body.length) return body;
  return kept.length === 0 ? undefined : kept;
}

function isMalformedNotification(message: unknown): boolean {
  return (
    notificationEnvelope.safeParse(message).success &&
    malformedAt(JSONRPCNotificationSchema, message) !== undefined
  );
}
