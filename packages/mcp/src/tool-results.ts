import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toToolErrorResult } from '@opwire/ai';
import { describeError, type Locale, toOpwireError } from '@opwire/core';
import type { McpTool } from './mcp-tools.js';

/** A successful call: the response as JSON text (for older clients) and as `structuredContent` when it is an object. */
export function toSuccessResult(tool: McpTool, output: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) ?? 'null' }],
    ...(tool.structured ? { structuredContent: output as Record<string, unknown> } : {}),
  };
}

/**
 * A failed call (`isError: true`): the AI tools' error envelope (`{ error: { code, message, field? } }`) plus the
 * error's caller-safe `data` (what an HTTP problem carries as `data`), as text and as `structuredContent`; `more`
 * adds keys beside `error` (the pending approval). Internal details never appear in it; data JSON cannot write
 * (a BigInt, a cycle) is left out, as HTTP does.
 */
export function toErrorResult(
  thrown: unknown,
  locale: Locale,
  more: Record<string, unknown> = {},
): CallToolResult {
  const opwireError = toOpwireError(thrown);
  const { error } = toToolErrorResult(opwireError, locale);
  const { data } = describeError(opwireError, locale);
  const written = data === undefined ? undefined : writable(data);
  const envelope = { error: written === undefined ? error : { ...error, data: written }, ...more };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
  };
}

/** `data` as JSON reads it back, or `undefined` when JSON cannot write it. */
function writable(data: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  try {
    return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
