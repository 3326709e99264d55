import { abortError, type OpwireError, toOpwireError } from '@opwire/core';
import { AISDKError } from 'ai';
import { aiErrors } from './ai-errors.js';

/**
 * The client-safe error of a chat turn that threw: an abort is `CANCELLED`, or `DEADLINE_EXCEEDED`
 * after a deadline; a provider, API or network failure (an AI SDK error) is `PROVIDER_FAILED`; an
 * `OpwireError` stays as it is; anything else (such as a failing `context` hook) is `INTERNAL`.
 */
export function turnErrorOf(thrown: unknown, signal: AbortSignal | undefined): OpwireError {
  if (signal?.aborted) return abortError(signal, thrown);
  if (AISDKError.isInstance(thrown)) return aiErrors.PROVIDER_FAILED({ cause: thrown });
  return toOpwireError(thrown);
}
