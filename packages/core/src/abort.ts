import { coreErrors } from './errors/core-errors.js';
import type { OpwireError } from './errors/opwire-error.js';

/** A signal that never aborts, shared by invocations that have no deadline. */
export const neverAborted: AbortSignal = new AbortController().signal;

/** The error of an aborted call: `DEADLINE_EXCEEDED` when its deadline passed, `CANCELLED` otherwise. */
export function abortError(signal: AbortSignal, cause?: unknown): OpwireError {
  const reason = signal.reason as { name?: string } | undefined;
  const entry = reason?.name === 'TimeoutError' ? coreErrors.DEADLINE_EXCEEDED : coreErrors.CANCELLED;
  return entry({
    cause: cause ?? signal.reason,
  });
}
