/** A command line the CLI cannot run: `opwire` prints its message (no stack trace) and exits with code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Whether an error means the command line was wrong: a `UsageError`, or `parseArgs` rejecting an option. */
export function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
