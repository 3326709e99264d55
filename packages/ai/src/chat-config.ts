import type { Caller, Locale, Logger } from '@opwire/core';
import type { ChatMessage } from './chat-types.js';
import type { ProviderModel } from './fallback-model.js';
import type { Guardrail } from './guardrails.js';
import type { PromptRegistry } from './prompts.js';
import type { ToolCatalog } from './tool-catalog.js';
import type { TurnUsage, UsageLedger } from './usage-ledger.js';

/** Everything a chat decided at startup. */
export interface ChatConfig {
  readonly catalog: ToolCatalog;
  readonly chain: readonly ProviderModel[];
  readonly guardrails: readonly Guardrail[];
  readonly prompts: PromptRegistry;
  readonly defaultPrompt: string | undefined;
  readonly maxSteps: number;
  readonly maxRetries: number;
  readonly context: ((turn: TurnContextInput) => Promise<string | undefined>) | undefined;
  readonly usage: UsageLedger | undefined;
  readonly onUsage: ((usage: TurnUsage) => void | Promise<void>) | undefined;
  readonly logger: Logger;
}

/** What a chat's per-turn `context` hook receives. */
export interface TurnContextInput {
  readonly caller: Caller;
  readonly question: string;
  readonly messages: readonly ChatMessage[];
  readonly locale: Locale;
  readonly signal: AbortSignal | undefined;
}
