import { abortError, type OpwireError, toOpwireError } from '@opwire/core';
import { AISDKError, APICallError } from 'ai';
import { aiErrors } from './ai-errors.js';

/**
 * The client-safe error of a chat turn that threw: an abort is `CANCELLED`, or `DEADLINE_EXCEEDED`
 * after a deadline; a provider's 4xx refusal the AI SDK marks not retryable (all but 408, 409 and 429:
 * a bad key, an unknown model, a request too long for it) is `PROVIDER_REJECTED` with its status; any
 * other provider, API or network failure (an AI SDK error) is `PROVIDER_FAILED`; an `OpwireError` stays
 * as it is; anything else (such as a failing `context` hook) is `INTERNAL`.
 */
export function turnErrorOf(thrown: unknown, signal: AbortSignal | undefined): OpwireError {
  if (signal?.aborted) return abortError(signal, thrown);
  // The AI SDK's own judgement: `isRetryable` is false for a 4xx other than 408, 409 and 429.
  if (APICallError.isInstance(thrown) && !thrown.isRetryable) {
    const status = thrown.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return aiErrors.PROVIDER_REJECTED({ params: { status }, cause: thrown });
    }
  }
  if (AISDKError.isInstance(thrown)) return aiErrors.PROVIDER_FAILED({ cause: thrown });
  return toOpwireError(thrown);
}
