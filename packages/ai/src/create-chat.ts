import { context as otelContext, trace } from '@opentelemetry/api';
import { coreErrors, type Logger } from '@opwire/core';
import { AISDKError, streamText } from 'ai';
import { aiErrors } from './ai-errors.js';
import type { ChatConfig, TurnContext, TurnContextInput } from './chat-config.js';
import { Turn } from './chat-turn.js';
import type { ChatEvent, ChatRequest, ChatResult, ChatStream } from './chat-types.js';
import { EventQueue } from './event-queue.js';
import { createGovernance, type Governance } from './governance/create-governance.js';
import { checkGuardrails, type Guardrail } from './guardrails.js';
import { createPromptRegistry } from './prompts.js';
import { type Providers, resolveProviders } from './providers.js';
import type { ToolCatalog } from './tool-catalog.js';
import { checkToolLimits, defaultToolLimits, type ToolLimits } from './tool-gate.js';
import { type ToolErrorResult, toToolErrorResult } from './tool-result.js';

/** Options for `createChat`. */
export interface ChatOptions {
  readonly catalog: ToolCatalog;
  /** Providers by name; empty (as from `providersFromEnv` without settings) makes turns fail with `CHAT_NOT_CONFIGURED`. */
  readonly providers: Providers;
  /** Provider names in the order to try; defaults to the order of `providers`. */
  readonly fallback?: readonly string[];
  /**
   * Conversations, the turn ledger, the AI audit trail, prices and budgets (`createGovernance`); in memory by
   * default, over the catalog's approvals store. Given one, the catalog's approvals must wait in its store
   * (`createApprovals({ app, store: governance.approvals, events: governance })`), or startup fails.
   */
  readonly governance?: Governance;
  readonly guardrails?: readonly Guardrail[];
  /** System-prompt templates by name; placeholders are checked at startup. */
  readonly prompts?: Readonly<Record<string, string>>;
  /** The template used when a turn names none; must exist. */
  readonly defaultPrompt?: string;
  /** Model calls per turn before it stops with a notice; 5 by default. */
  readonly maxSteps?: number;
  /** Retries of one provider before falling back; 0 by default (the fallback chain is the retry). */
  readonly maxRetries?: number;
  /**
   * Milliseconds a model call may take to start answering (for providers without their own `timeoutMs`):
   * past it the next provider is tried, and a turn no provider answered fails `PROVIDER_TIMEOUT`. 30 s by default.
   */
  readonly modelTimeoutMs?: number;
  /** Tool calls per step and per turn, and the size and depth of a call's arguments. */
  readonly limits?: Partial<ToolLimits>;
  /**
   * Per-turn context appended to the instructions, computed from the turn's user message (for example
   * numbered knowledge passages the model should cite, with the sources they came from).
   */
  readonly context?: (turn: TurnContextInput) => Promise<TurnContext | string | undefined>;
  readonly logger?: Logger;
}

/** The chat loop: the AI SDK's tool loop, run as one caller, with its tools, limits and accounting. */
export interface Chat {
  readonly catalog: ToolCatalog;
  readonly governance: Governance;
  /** Runs a turn to its end; rejects with the turn's `OpwireError` (the turn is recorded either way). */
  complete(request: ChatRequest): Promise<ChatResult>;
  /**
   * Runs a turn, emitting its events as they happen; a turn that fails (or is stopped) ends its events
   * by throwing its `OpwireError`, and `result` resolves either way. A chat without providers throws at
   * once (`CHAT_NOT_CONFIGURED`, the code `complete` rejects with).
   */
  stream(request: ChatRequest): ChatStream;
}

/** Creates a chat; bad prompts, guardrails, limits or fallback names fail here, at startup. */
export function createChat(options: ChatOptions): Chat {
  const prompts = createPromptRegistry(options.prompts ?? {});
  const invalid = (reason: string) =>
    coreErrors.INVALID_CONFIGURATION({ params: { reason: `chat: ${reason}` } });
  if (options.defaultPrompt !== undefined && !prompts.has(options.defaultPrompt)) {
    throw invalid(`defaultPrompt "${options.defaultPrompt}" is not a registered prompt`);
  }
  const maxSteps = options.maxSteps ?? 5;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw invalid('maxSteps must be an integer >= 1');
  const modelTimeoutMs = options.modelTimeoutMs ?? 30_000;
  if (!Number.isFinite(modelTimeoutMs) || modelTimeoutMs <= 0) throw invalid('modelTimeoutMs must be > 0');
  const limits: ToolLimits = { ...defaultToolLimits, ...options.limits };
  const limitProblem = checkToolLimits(limits);
  if (limitProblem) throw invalid(limitProblem);
  checkGuardrails(options.guardrails ?? []);
  const logger = options.logger ?? options.catalog.app.logger;
  // Deleting a conversation declines its pending approvals in governance's store: the catalog's calls must wait
  // there, or one would stay approvable (and run) after its chat was deleted.
  if (options.governance && options.governance.approvals !== options.catalog.approvals.store) {
    throw invalid(
      'the catalog waits for approvals in another store than governance: build it with createToolCatalog({ app, approvals: createApprovals({ app, store: governance.approvals, events: governance }) })',
    );
  }
  const config: ChatConfig = {
    catalog: options.catalog,
    chain: resolveProviders(options.providers, options.fallback),
    governance:
      options.governance ?? createGovernance({ logger, approvals: options.catalog.approvals.store }),
    guardrails: options.guardrails ?? [],
    prompts,
    defaultPrompt: options.defaultPrompt,
    maxSteps,
    maxRetries: options.maxRetries ?? 0,
    modelTimeoutMs,
    limits,
    context: options.context,
    logger,
  };

  const stream = (request: ChatRequest): ChatStream => {
    if (config.chain.length === 0) throw aiErrors.CHAT_NOT_CONFIGURED();
    const turn = new Turn(config, request);
    const queue = new EventQueue<ChatEvent>();
    const result = (async () => {
      try {
        const done = await run(turn, (event) => queue.push(event));
        queue.end();
        return done;
      } catch (error) {
        const { error: failure, result: failed } = await turn.fail(error);
        queue.end(failure);
        return failed;
      }
    })();
    return { events: queue, result };
  };

  return {
    catalog: options.catalog,
    governance: config.governance,
    async complete(request) {
      const turn = stream(request);
      // Reading the events to their end surfaces the turn's error, if it failed.
      for await (const _event of turn.events);
      return turn.result;
    },
    stream,
  };
}

/** Runs one turn: open, prepare, the model's tool loop streamed as events, then the recorded result. */
async function run(turn: Turn, emit: (event: ChatEvent) => void): Promise<ChatResult> {
  await turn.open(emit);
  await turn.prepare(emit);
  // Under the turn's span, so the AI SDK's own spans (when an app registers `@ai-sdk/otel`) are its children.
  const stream = otelContext.with(trace.setSpan(otelContext.active(), turn.span), () =>
    streamText({ ...turn.settings(), onError: () => {} }),
  );
  let failure: unknown;
  let text = '';
  const invalid = new Map<string, Promise<ToolErrorResult>>();
  for await (const part of stream.fullStream) {
    if (part.type === 'text-start') text = '';
    else if (part.type === 'finish-step') turn.streamedStepEnd(part.finishReason === 'tool-calls');
    else if (part.type === 'text-delta') {
      text += part.text;
      turn.streamedText(part.text);
      emit({ type: 'text', delta: part.text });
    } else if (part.type === 'reasoning-delta') emit({ type: 'reasoning', delta: part.text });
    else if (part.type === 'tool-call') {
      emit({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      if (part.invalid) invalid.set(part.toolCallId, turn.invalidResult(part));
    } else if (part.type === 'tool-result' && !part.preliminary) {
      emit({
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        output: part.output,
      });
    } else if (part.type === 'tool-error') {
      const output = (await invalid.get(part.toolCallId)) ?? toToolErrorResult(part.error, turn.locale);
      emit({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output });
    } else if (part.type === 'error') failure = part.error;
  }
  if (turn.request.signal?.aborted) throw turn.request.signal.reason;
  if (failure !== undefined) throw failure;
  // A model stream that ended before its step finished (the provider went away mid-answer, or answered with
  // something that is no event stream): the AI SDK says `interrupted`. A failed provider, not a whole answer.
  if (turn.steps.at(-1)?.finishReason === 'interrupted') {
    throw new AISDKError({
      name: 'AI_InterruptedStreamError',
      message: 'The model stream ended before its step finished.',
    });
  }
  const ending = await turn.conclude(turn.steps.at(-1)?.text ?? text);
  if (ending.reason === 'step-limit') emit({ type: 'text', delta: ending.text.slice(text.trim().length) });
  const result = await turn.finish(ending);
  emit({ type: 'done', result });
  return result;
}
