import type { Caller, Locale, Logger } from '@opwire/core';
import type { ChatMessage, ChatSource } from './chat-types.js';
import type { ProviderModel } from './fallback-model.js';
import type { Governance } from './governance/create-governance.js';
import type { Guardrail } from './guardrails.js';
import type { PromptRegistry } from './prompts.js';
import type { ToolCatalog } from './tool-catalog.js';
import type { ToolLimits } from './tool-gate.js';

/** Everything a chat decided at startup. */
export interface ChatConfig {
  readonly catalog: ToolCatalog;
  readonly chain: readonly ProviderModel[];
  readonly governance: Governance;
  readonly guardrails: readonly Guardrail[];
  readonly prompts: PromptRegistry;
  readonly defaultPrompt: string | undefined;
  readonly maxSteps: number;
  readonly maxRetries: number;
  /** Milliseconds a model call may take to start answering, for providers without their own timeout. */
  readonly modelTimeoutMs: number;
  readonly limits: ToolLimits;
  readonly context: ((turn: TurnContextInput) => Promise<TurnContext | string | undefined>) | undefined;
  readonly logger: Logger;
}

/** What a chat's per-turn `context` hook receives. */
export interface TurnContextInput {
  readonly caller: Caller;
  readonly question: string;
  /** The conversation so far (text only), oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly locale: Locale;
  readonly signal: AbortSignal | undefined;
}

/** What a `context` hook gives a turn: instructions for the model, and the sources they came from. */
export interface TurnContext {
  readonly text: string;
  /** Passages the answer may cite; streamed to the client as source parts. */
  readonly sources?: readonly ChatSource[];
}
