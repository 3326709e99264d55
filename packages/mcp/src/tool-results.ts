import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toToolErrorResult } from '@opwire/ai';
import { describeError, type Locale, type Logger, toOpwireError } from '@opwire/core';
import type { McpTool } from './mcp-tools.js';
import { retryAfterOf } from './retry-after.js';

/** A successful call: the response as JSON text (for older clients) and as `structuredContent` when it is an object. */
export function toSuccessResult(tool: McpTool, output: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) ?? 'null' }],
    ...(tool.structured ? { structuredContent: output as Record<string, unknown> } : {}),
  };
}

/** How a failed call is written: the caller's locale, where to report what cannot be written, keys to add. */
export interface ErrorResultOptions {
  readonly locale: Locale;
  /** The app's logger: error `data` JSON cannot write is reported here, as HTTP reports it. */
  readonly logger: Logger;
  /** Keys beside `error` (the pending approval). */
  readonly more?: Readonly<Record<string, unknown>>;
}

/**
 * A failed call (`isError: true`): the AI tools' error envelope (`{ error: { code, message, field? } }`) plus
 * `retryAfter`, the seconds HTTP sends as `Retry-After` (`RATE_LIMITED`), and the error's caller-safe `data` (what an HTTP problem carries as `data`), as text and as `structuredContent`.
 * Internal details never appear in it; data JSON cannot write (a BigInt, a cycle) is left out and logged, as
 * HTTP does.
 */
export function toErrorResult(thrown: unknown, options: ErrorResultOptions): CallToolResult {
  const opwireError = toOpwireError(thrown);
  const { error } = toToolErrorResult(opwireError, options.locale);
  const { data } = describeError(opwireError, options.locale);
  const written =
    data === undefined
      ? undefined
      : writable(data, (why) =>
          options.logger.error('error data could not be serialized', { code: error.code, error: why }),
        );
  const retryAfter = retryAfterOf(opwireError.headers);
  const described = {
    ...error,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(written === undefined ? {} : { data: written }),
  };
  const envelope = { error: described, ...options.more };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope,
  };
}

/** `data` as JSON reads it back, or `undefined` when JSON cannot write it (`report` is told why). */
function writable(
  data: Readonly<Record<string, unknown>>,
  report: (error: unknown) => void,
): Record<string, unknown> | undefined {
  try {
    return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  } catch (error) {
    report(error);
    return undefined;
  }
}
