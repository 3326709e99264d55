import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { coreErrors } from '@opwire/core';
import type { ProviderModel } from './fallback-model.js';

/** A provider configured by name: any AI SDK language model, or OpenAI (or a compatible endpoint) by model id. */
export type ProviderConfig =
  | { readonly model: LanguageModelV4; readonly timeoutMs?: number }
  | {
      readonly type: 'openai';
      /** The model id, such as `gpt-4o-mini`. */
      readonly model: string;
      readonly apiKey?: string;
      /** An OpenAI-compatible endpoint; when set, the Chat Completions API is used. */
      readonly baseURL?: string;
      readonly timeoutMs?: number;
    };

/** Providers by name, in the default fallback order. */
export type Providers = Readonly<Record<string, ProviderConfig>>;

/** The model used when `OPWIRE_CHAT_MODEL` is not set. */
export const defaultChatModel = 'gpt-4o-mini';

/**
 * Reads `OPENAI_API_KEY`, `OPENAI_BASE_URL` and `OPWIRE_CHAT_MODEL`; with neither a key nor a base
 * URL there is no provider, and chat fails with `CHAT_NOT_CONFIGURED`.
 */
export function providersFromEnv(env: Readonly<Record<string, string | undefined>>): Providers {
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  if (!apiKey && !baseURL) return {};
  return {
    openai: {
      type: 'openai',
      model: env.OPWIRE_CHAT_MODEL?.trim() || defaultChatModel,
      // Local OpenAI-compatible servers accept any key; the client insists on one.
      apiKey: apiKey ?? 'unused',
      ...(baseURL ? { baseURL } : {}),
    },
  };
}

/** Resolves configured providers into the fallback chain, in `order` (default: declaration order). */
export function resolveProviders(providers: Providers, order?: readonly string[]): ProviderModel[] {
  const names = order ?? Object.keys(providers);
  return names.map((name) => {
    const config = providers[name];
    if (!config) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: { reason: `chat: fallback names provider "${name}", which is not configured` },
      });
    }
    const timeout = config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs };
    if (!('type' in config)) return { name, model: config.model, ...timeout };
    const openai = createOpenAI({
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    });
    return { name, model: config.baseURL ? openai.chat(config.model) : openai(config.model), ...timeout };
  });
}
