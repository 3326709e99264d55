import { abortError, type OpwireError, toOpwireError } from '@opwire/core';
import { AISDKError, APICallError } from 'ai';
import { aiErrors } from './ai-errors.js';

/**
 * The client-safe error of a chat turn that threw: an abort is `CANCELLED`, or `DEADLINE_EXCEEDED`
 * after a deadline; a provider's refusal that asking again would not change (an HTTP 4xx other than
 * 408, 409 and 429: a bad key, an unknown model, a request too long for it) is `PROVIDER_REJECTED` with
 * its status; any other provider, API or network failure (an AI SDK error) is `PROVIDER_FAILED`; an
 * `OpwireError` stays as it is; anything else (such as a failing `context` hook) is `INTERNAL`.
 */
export function turnErrorOf(thrown: unknown, signal: AbortSignal | undefined): OpwireError {
  if (signal?.aborted) return abortError(signal, thrown);
  if (APICallError.isInstance(thrown) && rejected(thrown.statusCode)) {
    return aiErrors.PROVIDER_REJECTED({ params: { status: thrown.statusCode }, cause: thrown });
  }
  if (AISDKError.isInstance(thrown)) return aiErrors.PROVIDER_FAILED({ cause: thrown });
  return toOpwireError(thrown);
}

/** Whether a provider's status is a refusal of the request itself, which the same request would meet again. */
function rejected(status: number | undefined): status is number {
  return (
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    status !== 408 &&
    status !== 409 &&
    status !== 429
  );
}
