import { describeError, type Locale, toOpwireError } from '@opwire/core';

/** The JSON a model reads when a tool call failed: a code, a message in the caller's locale, the field. */
export interface ToolErrorResult {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string };
}

/** Turns anything thrown into the tool result a model reads; internal details never appear in it. */
export function toToolErrorResult(thrown: unknown, locale: Locale): ToolErrorResult {
  const description = describeError(toOpwireError(thrown), locale);
  return {
    error: {
      code: description.code,
      message: description.message,
      ...(description.field ? { field: description.field } : {}),
    },
  };
}

/** Whether a tool output is an error result. */
export function isToolErrorResult(output: unknown): output is ToolErrorResult {
  return (
    typeof output === 'object' &&
    output !== null &&
    typeof (output as { error?: { code?: unknown } }).error?.code === 'string'
  );
}
