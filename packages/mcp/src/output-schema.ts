import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyOperation } from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import { withoutRepeatedIds } from './without-repeated-ids.js';

/**
 * The structured content of a failed call (`isError: true`): the `{ error: { code, message, field? } }` the AI
 * tools return with `retryAfter` when HTTP would send `Retry-After` and the error's `data` when it has some, plus the pending approval when the call waits for one.
 */
export const toolErrorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        field: { type: 'string' },
        // The seconds to wait before trying again, where HTTP sends `Retry-After` (`RATE_LIMITED`).
        retryAfter: { type: 'integer', minimum: 0 },
        // The error's caller-safe data, as an HTTP problem's `data`.
        data: { type: 'object' },
      },
      required: ['code', 'message'],
      additionalProperties: false,
    },
    approval: { type: 'object' },
  },
  required: ['error'],
  additionalProperties: false,
} as const;

/**
 * A tool's `outputSchema`: the response schema, or the error envelope. Clients on the official SDK 1.x
 * validate `structuredContent` against `outputSchema` even when `isError` is true (typescript-sdk#1943), so a
 * schema naming the response alone would make every failure unreadable to them. `undefined` when the
 * response is not an object (MCP structured content is an object): such a tool answers in text only.
 */
export function outputSchemaOf(response: AnyOperation['response']): Tool['outputSchema'] {
  const schema = withoutRepeatedIds(toJsonSchema(response));
  if (schema.type !== 'object') return undefined;
  return { type: 'object', anyOf: [schema, toolErrorSchema] };
}
