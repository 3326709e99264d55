import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toToolErrorResult } from '@opwire/ai';
import type { Locale } from '@opwire/core';
import type { McpTool } from './mcp-tools.js';

/** A successful call: the response as JSON text (for older clients) and as `structuredContent` when it is an object. */
export function toSuccessResult(tool: McpTool, output: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) ?? 'null' }],
    ...(tool.structured ? { structuredContent: output as Record<string, unknown> } : {}),
  };
}

/**
 * A failed call (`isError: true`): the code, the message in `locale` and the field, in the shape the AI tools
 * return (`{ error: { code, message, field? } }`), as text and as `structuredContent`; `more` adds keys beside
 * `error` (the pending approval). Internal details never appear in it.
 */
export function toErrorResult(
  thrown: unknown,
  locale: Locale,
  more: Record<string, unknown> = {},
): CallToolResult {
  const envelope = { ...toToolErrorResult(thrown, locale), ...more };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
  };
}
