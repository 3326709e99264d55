import { coreErrors, type Logger } from '@opwire/core';
import { generateText, streamText } from 'ai';
import { aiErrors } from './ai-errors.js';
import type { ChatConfig, TurnContextInput } from './chat-config.js';
import { Turn } from './chat-turn.js';
import type { ChatEvent, ChatRequest, ChatResult, ChatStream } from './chat-types.js';
import { EventQueue } from './event-queue.js';
import { checkGuardrails, type Guardrail } from './guardrails.js';
import { createPromptRegistry } from './prompts.js';
import { type Providers, resolveProviders } from './providers.js';
import type { ToolCatalog } from './tool-catalog.js';
import { type ToolErrorResult, toToolErrorResult } from './tool-result.js';
import type { TurnUsage, UsageLedger } from './usage-ledger.js';

/** Options for `createChat`. */
export interface ChatOptions {
  readonly catalog: ToolCatalog;
  /** Providers by name; empty (as from `providersFromEnv` without settings) makes turns fail with `CHAT_NOT_CONFIGURED`. */
  readonly providers: Providers;
  /** Provider names in the order to try; defaults to the order of `providers`. */
  readonly fallback?: readonly string[];
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
   * Per-turn context appended to the instructions, computed from the turn's last user message (for
   * example numbered knowledge passages the model should cite).
   */
  readonly context?: (turn: TurnContextInput) => Promise<string | undefined>;
  readonly usage?: UsageLedger;
  readonly onUsage?: (usage: TurnUsage) => void | Promise<void>;
  readonly logger?: Logger;
}

/** The chat loop: the AI SDK's tool loop, run as one caller, with its tools, limits and accounting. */
export interface Chat {
  readonly catalog: ToolCatalog;
  /** Runs a turn to its end; throws an `OpwireError` (usage is recorded either way). */
  complete(request: ChatRequest): Promise<ChatResult>;
  /**
   * Runs a turn, emitting text and tool events as they happen, then `done`; a turn that fails (or is
   * stopped) ends its events by throwing the `OpwireError`, and `result` resolves either way. A turn
   * that cannot open throws at once (`CHAT_NOT_CONFIGURED`, the code `complete` rejects with).
   */
  stream(request: ChatRequest): ChatStream;
}

/** Creates a chat; bad prompts, guardrails or fallback names fail here, at startup. */
export function createChat(options: ChatOptions): Chat {
  const prompts = createPromptRegistry(options.prompts ?? {});
  if (options.defaultPrompt !== undefined && !prompts.has(options.defaultPrompt)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `chat: defaultPrompt "${options.defaultPrompt}" is not a registered prompt` },
    });
  }
  const maxSteps = options.maxSteps ?? 5;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: 'chat: maxSteps must be an integer >= 1' },
    });
  }
  checkGuardrails(options.guardrails ?? []);
  const config: ChatConfig = {
    catalog: options.catalog,
    chain: resolveProviders(options.providers, options.fallback),
    guardrails: options.guardrails ?? [],
    prompts,
    defaultPrompt: options.defaultPrompt,
    maxSteps,
    maxRetries: options.maxRetries ?? 0,
    context: options.context,
    usage: options.usage,
    onUsage: options.onUsage,
    logger: options.logger ?? options.catalog.app.logger,
  };
  const open = (request: ChatRequest): Turn => {
    if (config.chain.length === 0) throw aiErrors.CHAT_NOT_CONFIGURED();
    return new Turn(config, request);
  };

  return {
    catalog: options.catalog,
    async complete(request) {
      const turn = open(request);
      try {
        await turn.checkInput();
        const result = await generateText(turn.settings());
        return await turn.finish(await turn.conclude(result.text));
      } catch (error) {
        throw (await turn.fail(error)).error;
      }
    },
    stream(request) {
      const turn = open(request);
      const queue = new EventQueue<ChatEvent>();
      const result = (async () => {
        try {
          const done = await pump(turn, queue);
          queue.end();
          return done;
        } catch (error) {
          const { error: failure, result: failed } = await turn.fail(error);
          queue.end(failure);
          return failed;
        }
      })();
      return { events: queue, result };
    },
  };
}

async function pump(turn: Turn, queue: EventQueue<ChatEvent>): Promise<ChatResult> {
  await turn.checkInput();
  const stream = streamText({ ...turn.settings(), onError: () => {} });
  let failure: unknown;
  let text = '';
  const invalid = new Map<string, Promise<ToolErrorResult>>();
  for await (const part of stream.fullStream) {
    if (part.type === 'text-start') text = '';
    else if (part.type === 'text-delta') {
      text += part.text;
      queue.push({ type: 'text', delta: part.text });
    } else if (part.type === 'tool-call') {
      queue.push({
        type: 'tool-call',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
      });
      if (part.invalid) invalid.set(part.toolCallId, turn.invalidResult(part));
    } else if (part.type === 'tool-result' && !part.preliminary) {
      queue.push({
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        output: part.output,
      });
    } else if (part.type === 'tool-error') {
      const output = (await invalid.get(part.toolCallId)) ?? toToolErrorResult(part.error, turn.locale);
      queue.push({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output });
    } else if (part.type === 'error') failure = part.error;
  }
  if (turn.request.signal?.aborted) throw turn.request.signal.reason;
  if (failure !== undefined) throw failure;
  const ending = await turn.conclude(turn.steps.at(-1)?.text ?? text);
  if (ending.reason === 'step-limit')
    queue.push({ type: 'text', delta: ending.text.slice(text.trim().length) });
  const result = await turn.finish(ending);
  queue.push({ type: 'done', result });
  return result;
}
