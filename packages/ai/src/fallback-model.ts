import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { aiErrors } from './ai-errors.js';

/** One named model in a fallback chain. */
export interface ProviderModel {
  /** The configured provider name, reported as the one that answered. */
  readonly name: string;
  readonly model: LanguageModelV4;
  /** Milliseconds before a call to this provider counts as timed out and the next one is tried. */
  readonly timeoutMs?: number;
}

/** Which provider and model answered the last call through a fallback model. */
export interface Answerer {
  provider: string | undefined;
  model: string | undefined;
  /** Providers that failed before one answered, with the reason. */
  readonly skipped: Array<{ provider: string; reason: string }>;
}

/**
 * Whether a provider failure should move on to the next provider: timeouts, rate limits (429),
 * server errors (5xx) and network failures do; other 4xx (bad request, bad key) do not.
 */
export function isFallbackError(error: unknown): boolean {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    return status === undefined ? true : status === 408 || status === 429 || status >= 500;
  }
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'TimeoutError' || error instanceof TypeError;
}

/**
 * A language model that asks each provider in order until one answers, recording which did. A provider
 * without a `timeoutMs` of its own gets `defaultTimeoutMs`; when every provider timed out the call fails
 * `PROVIDER_TIMEOUT`, otherwise `PROVIDER_FAILED`.
 */
export function createFallbackModel(
  chain: readonly ProviderModel[],
  answerer: Answerer,
  defaultTimeoutMs?: number,
): LanguageModelV4 {
  const first = chain[0];
  if (!first) throw aiErrors.CHAT_NOT_CONFIGURED();
  const attempt = async <T>(
    options: LanguageModelV4CallOptions,
    call: (model: LanguageModelV4, options: LanguageModelV4CallOptions) => PromiseLike<T>,
  ): Promise<T> => {
    let lastError: unknown;
    let allTimedOut = true;
    for (const provider of chain) {
      const timeoutMs = provider.timeoutMs ?? defaultTimeoutMs;
      const outer = options.abortSignal;
      outer?.throwIfAborted();
      // The timeout covers getting an answer started; a stream that began is never cut by it.
      const timeout = new AbortController();
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () => timeout.abort(new DOMException('provider timed out', 'TimeoutError')),
              timeoutMs,
            );
      const abortSignal = outer ? AbortSignal.any([outer, timeout.signal]) : timeout.signal;
      try {
        const result = await call(provider.model, { ...options, abortSignal });
        answerer.provider = provider.name;
        answerer.model = provider.model.modelId;
        return result;
      } catch (error) {
        if (outer?.aborted) throw error;
        const timedOut = timeout.signal.aborted;
        if (!timedOut && !isFallbackError(error)) throw error;
        allTimedOut &&= timedOut;
        answerer.skipped.push({ provider: provider.name, reason: timedOut ? 'timeout' : describe(error) });
        lastError = error;
      } finally {
        clearTimeout(timer);
      }
    }
    if (allTimedOut) {
      const longest = Math.max(...chain.map((provider) => provider.timeoutMs ?? defaultTimeoutMs ?? 0));
      throw aiErrors.PROVIDER_TIMEOUT({
        params: { seconds: Math.round(longest / 100) / 10 },
        cause: lastError,
      });
    }
    throw aiErrors.PROVIDER_FAILED({ cause: lastError });
  };
  return {
    specificationVersion: 'v4',
    provider: chain.length === 1 ? first.model.provider : 'opwire.fallback',
    modelId: chain.map((provider) => provider.model.modelId).join(' > '),
    supportedUrls: first.model.supportedUrls,
    doGenerate: (options): Promise<LanguageModelV4GenerateResult> =>
      attempt(options, (model, callOptions) => model.doGenerate(callOptions)),
    doStream: (options): Promise<LanguageModelV4StreamResult> =>
      attempt(options, (model, callOptions) => model.doStream(callOptions)),
  };
}

function describe(error: unknown): string {
  if (APICallError.isInstance(error)) return `status ${error.statusCode ?? 'unknown'}`;
  return (error as { name?: string } | undefined)?.name ?? 'error';
}
