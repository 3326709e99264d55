import { isSpanContextValid, context as otelContext, type Span, trace } from '@opentelemetry/api';
import { coreErrors, isOpwireError, type Locale, type OpwireError } from '@opwire/core';
import { setFailureStatus } from '@opwire/core/surface';
import type { ModelMessage, StepResult, ToolSet } from 'ai';
import { isStepCount } from 'ai';
import { aiErrors } from './ai-errors.js';
import { checkToolNames } from './bind-tools.js';
import { boundToolArguments } from './bound-tool-arguments.js';
import type { ChatConfig } from './chat-config.js';
import { pendingApprovalsOf, stepLimitNotice, toChatSteps } from './chat-result.js';
import type { ChatEvent, ChatMessage, ChatRequest, ChatResult, ChatSource } from './chat-types.js';
import { type Answerer, createFallbackModel } from './fallback-model.js';
import { finishedStepMessages } from './finished-step-messages.js';
import type { GovernedTurn } from './governance/governed-turn.js';
import { addTokenCounts } from './governance/token-count.js';
import { storableSources } from './governance/turn-ending.js';
import type { TurnOutcome } from './governance/turn-ledger.js';
import { runGuardrails } from './guardrails.js';
import {
  type InvalidToolCall,
  invalidCallResult,
  invalidCallsOf,
  rewriteInvalidToolCalls,
} from './invalid-tool-calls.js';
import { ToolGate } from './tool-gate.js';
import type { ToolErrorResult } from './tool-result.js';
import { decideApprovals } from './turn-approvals.js';
import { turnErrorOf } from './turn-error.js';

/** How a turn ended, before it is recorded. */
interface Ending {
  readonly text: string;
  readonly outcome: TurnOutcome;
  readonly reason: string | undefined;
  readonly code?: string | undefined;
  /** What a failed turn failed with: its span is `ERROR` only when the failure is the server's. */
  readonly error?: OpwireError | undefined;
}

const tracer = trace.getTracer('@opwire/ai');

/**
 * One turn in progress: it opens its conversation and governed turn, answers approval decisions, loads
 * the history, gives the AI SDK its settings, and records everything when it ends (in every case).
 */
export class Turn {
  readonly turnId = crypto.randomUUID();
  readonly locale: Locale;
  readonly span: Span;
  readonly answerer: Answerer = { provider: undefined, model: undefined, skipped: [] };
  readonly steps: Array<StepResult<ToolSet>> = [];
  /** The text read from the stream since its last finished step: kept when the user stops the turn. */
  private unfinishedText = '';
  /** The steps whose end the stream has been read up to (`steps` may already hold one more). */
  private stepsRead = 0;
  readonly gate: ToolGate;
  conversationId = '';
  private governed: GovernedTurn | undefined;
  private tools: ToolSet = {};
  private history: ModelMessage[] = [];
  /** What this turn adds to the conversation before the model answers: approval outcomes, the user's message. */
  private readonly added: ModelMessage[] = [];
  private readonly startedAt = performance.now();
  private readonly invalidResults = new Map<string, Promise<ToolErrorResult>>();
  private context: string | undefined;
  /** The passages `prepare` put before the model, stored with the turn's messages. */
  private sources: readonly ChatSource[] = [];
  private finished: Promise<ChatResult> | undefined;
  /** For a regeneration: the question asked again, or whether the model answers on from the stored history. */
  private rewound: { readonly question?: string; readonly continued?: boolean } | undefined;
  /** For a regeneration: the sequence after which the stored messages are the answer this turn replaces. */
  private replacing: number | undefined;
  /** For an edit: whether the edited question was added (it then replaces the old one even if the turn fails). */
  private editAsked = false;
  /** The request, its signal also aborted when the turn's conversation is deleted while it runs. */
  readonly request: ChatRequest;
  /** Stops the turn when its conversation is deleted (by its owner, elsewhere) while it runs. */
  private readonly deletion = new AbortController();
  /** The conversation was deleted while the turn ran (not by the turn itself): nothing is stored. */
  private conversationDeleted = false;
  /** The turn is deleting the conversation it made itself (refused before anything was said). */
  private discarding = false;
  /**
   * The turn found its conversation deleted (told, looked up after a step, or refused its messages): the
   * approvals asked for in it are declined when the turn ends, whichever came first, the deletion or the request.
   */
  private conversationGone = false;

  constructor(
    private readonly config: ChatConfig,
    request: ChatRequest,
  ) {
    const signal = request.signal
      ? AbortSignal.any([request.signal, this.deletion.signal])
      : this.deletion.signal;
    this.request = { ...request, signal };
    this.locale = request.locale ?? request.caller.locale ?? 'en';
    this.gate = new ToolGate(config.limits, this.locale);
    const parent = request.trace
      ? trace.setSpanContext(otelContext.active(), request.trace)
      : otelContext.active();
    this.span = tracer.startSpan('ai.turn', { attributes: { 'opwire.turn.id': this.turnId } }, parent);
  }

  /**
   * Opens the conversation (`NOT_FOUND` for anyone else's) and the governed turn, checks the budget
   * before any model call, and carries out the caller's approval decisions. Emits nothing: a turn that
   * fails here fails as a whole, before its first event.
   */
  async open(emit: (event: ChatEvent) => void): Promise<void> {
    const { caller, message, approvals } = this.request;
    if (message === undefined && (approvals?.length ?? 0) === 0 && !this.request.regenerate)
      throw coreErrors.MISSING_FIELD({ field: 'message' });
    // White space alone is no question (as `/api/chat` reads a text part of it): nothing stored, nothing asked.
    if (message !== undefined && message.trim() === '') throw coreErrors.MISSING_FIELD({ field: 'message' });
    if (this.request.regenerateAfter !== undefined && !this.request.regenerate) {
      throw aiErrors.FIELD_NEEDS_TRUE({ field: 'regenerateAfter', params: { requires: 'regenerate' } });
    }
    if (this.request.edit && !this.request.regenerate) {
      throw aiErrors.FIELD_NEEDS_TRUE({ field: 'edit', params: { requires: 'regenerate' } });
    }
    // An edit replaces a question with the new text: without one there is nothing to put in its place.
    if (this.request.edit && message === undefined) throw coreErrors.MISSING_FIELD({ field: 'message' });
    // An edit rewinds the conversation to a question: decisions on the calls of the answers it drops, or of
    // earlier ones, would run in a history the edit is rewriting. useChat never sends both.
    if (this.request.edit && (approvals?.length ?? 0) > 0) {
      throw aiErrors.FIELD_EXCLUDES({ field: 'approvals', params: { excludes: 'edit' } });
    }
    // A tool the request names must be one the caller may use: refused before anything is opened or stored.
    if (this.request.tools) checkToolNames(this.config.catalog, caller, this.request.tools, 'tools');
    const { governance } = this.config;
    const conversation = await governance.openConversation(caller, this.request.conversationId);
    this.conversationId = conversation.id;
    this.span.setAttribute('opwire.conversation.id', this.conversationId);
    try {
      await this.begin(emit);
    } catch (error) {
      // Refused before anything was said (budget, approvals): a conversation this turn made is not kept.
      if (conversation.created) await this.discardConversation();
      throw error;
    }
  }

  /** The governed turn, the tools, the budget and the approval decisions of a turn whose conversation is open. */
  private async begin(emit: (event: ChatEvent) => void): Promise<void> {
    const { caller, message, approvals } = this.request;
    const { governance } = this.config;
    const first = this.config.chain[0];
    this.governed = governance.startTurn({
      caller,
      conversationId: this.conversationId,
      turnId: this.turnId,
      // Without a tracing SDK the span's context is the invalid all-zero one: no trace to point at.
      ...(isSpanContextValid(this.span.spanContext()) ? { traceId: this.span.spanContext().traceId } : {}),
      ...(first ? { provider: first.name, requestedModel: first.model.modelId } : {}),
      request: { message, approvals },
      onConversationDeleted: () => this.stopForDeletion(),
    });
    this.tools = this.config.catalog.bind(caller, {
      conversationId: this.conversationId,
      turnId: this.turnId,
      trace: this.span.spanContext(),
      locale: this.locale,
      ...(this.request.signal ? { signal: this.request.signal } : {}),
      ...(this.request.baggage ? { baggage: this.request.baggage } : {}),
      ...(this.request.tools ? { only: this.request.tools } : {}),
      watch: {
        call: (call) => {
          this.governed?.toolCall(call);
          return this.gate.admit(call.toolCallId, call.toolName);
        },
        result: (result) => this.governed?.toolResult(result),
      },
    });
    await governance.checkBudget(caller);
    // Asked again: the stored question stays and is not stored a second time; what answered it goes once the
    // turn has an answer in its place (a failed one leaves the old answer). Found before anything runs.
    if (this.request.regenerate) {
      const rewound = await governance.retakeQuestion(caller, this.conversationId, {
        ...(this.request.regenerateAfter === undefined ? {} : { afterTurn: this.request.regenerateAfter }),
        ...(message === undefined ? {} : { asked: message }),
        ...(this.request.edit ? { edit: true } : {}),
        // A call that wrote stays in the conversation: asked again without it, the model would make it again.
        writes: (toolName) => this.config.catalog.find(toolName)?.operation?.writes === true,
      });
      this.rewound = rewound;
      this.replacing = rewound.through;
      // Nothing stored to ask again and nothing new asked: refused here, so a conversation it made is not kept.
      const nothingAsked = message === undefined && (approvals?.length ?? 0) === 0;
      if (nothingAsked && rewound.question === undefined && rewound.continued !== true) {
        throw coreErrors.MISSING_FIELD({ field: 'message' });
      }
    }
    const decided = await decideApprovals(this.config.catalog.approvals, this.request, {
      locale: this.locale,
      trace: this.span.spanContext(),
      governed: this.governed,
      conversationId: this.conversationId,
    });
    emit({
      type: 'start',
      conversationId: this.conversationId,
      turnId: this.turnId,
      // A new question (not one asked again, which is stored): a reader joining mid-turn learns it here.
      ...(message === undefined || this.request.regenerate ? {} : { question: message }),
    });
    for (const event of decided.events) emit(event);
    this.added.push(...decided.messages);
  }

  /**
   * The conversation was deleted while the turn ran: the turn stops as a stopped one does (its model request and
   * tool calls are cancelled), and stores nothing, since there is nowhere left to store it.
   */
  private stopForDeletion(): void {
    if (this.discarding) return;
    this.conversationDeleted = true;
    this.conversationGone = true;
    this.deletion.abort(coreErrors.CANCELLED());
  }

  /**
   * Deletes the conversation this turn made, unless something was stored in it meanwhile. Its owner may open
   * the id again: a chat whose first message was refused (a budget) is asked again under the same id.
   */
  private async discardConversation(): Promise<void> {
    const { governance, logger } = this.config;
    try {
      const stored = await governance.readMessages(this.request.caller, this.conversationId, { limit: 1 });
      if (stored.length === 0) {
        this.discarding = true;
        await governance.deleteConversation(this.request.caller, this.conversationId, { reopenable: true });
      }
    } catch (error) {
      logger.error('empty conversation not deleted', { conversationId: this.conversationId, error });
    }
  }

  /** Loads the history, runs the input guardrails and the `context` hook, and streams its sources. */
  async prepare(emit: (event: ChatEvent) => void): Promise<void> {
    const { caller } = this.request;
    const { governance } = this.config;
    const rewound = this.rewound;
    const retaken = rewound?.question;
    // Regenerating after approvals: the model answers again from the stored history, nothing new asked.
    const continues = rewound?.continued === true;
    const message = retaken ?? (continues ? undefined : this.request.message);
    if (message === undefined && (this.request.approvals?.length ?? 0) === 0 && !continues) {
      // Nothing to ask again, and nothing new asked.
      throw coreErrors.MISSING_FIELD({ field: 'message' });
    }
    this.history = await governance.loadHistory(caller, this.conversationId, {
      ...(this.replacing === undefined ? {} : { through: this.replacing }),
    });
    const question = message ?? '';
    const messages = textOf(retaken === undefined ? [...this.history, ...this.added] : this.history);
    if (message !== undefined) {
      if (retaken === undefined) messages.push({ role: 'user', content: message });
      await runGuardrails(this.config.guardrails, 'input', { caller, messages, text: message });
      if (this.config.guardrails.length > 0) {
        this.governed?.record('guardrail', { payload: { stage: 'input', passed: true } });
      }
      if (retaken === undefined) this.added.push({ role: 'user', content: message });
      this.editAsked = this.request.edit === true && retaken === undefined;
    }
    const context = await this.config.context?.({
      caller,
      question,
      messages,
      locale: this.locale,
      signal: this.request.signal,
    });
    const sources: readonly ChatSource[] = typeof context === 'object' ? (context.sources ?? []) : [];
    this.context = typeof context === 'object' ? context.text : context;
    this.sources = storableSources(sources);
    for (const source of sources) emit({ type: 'source', ...source });
  }

  /** The options `streamText` runs the turn with. */
  settings() {
    const caller = this.request.caller;
    const promptName = this.request.prompt ?? this.config.defaultPrompt;
    const instructions = [
      promptName === undefined
        ? undefined
        : this.config.prompts.render(promptName, {
            principalId: caller.principalId,
            tenant: caller.tenant,
            locale: this.locale,
            date: new Date().toISOString().slice(0, 10),
            tools: Object.keys(this.tools).join(', '),
          }),
      this.request.system,
      this.context,
    ].filter((part): part is string => !!part);
    const model = createFallbackModel(this.config.chain, this.answerer, this.config.modelTimeoutMs);
    const invalid = rewriteInvalidToolCalls((call) => this.invalidResult(call));
    return {
      model: boundToolArguments(model, this.gate),
      tools: this.tools,
      messages: [...this.history, ...this.added],
      ...(instructions.length > 0 ? { instructions: instructions.join('\n\n') } : {}),
      stopWhen: isStepCount(this.config.maxSteps),
      maxRetries: this.config.maxRetries,
      ...(this.request.signal ? { abortSignal: this.request.signal } : {}),
      prepareStep: (step: Parameters<typeof invalid>[0]) => {
        this.gate.nextStep();
        return invalid(step);
      },
      onStepEnd: (step: StepResult<ToolSet>) => {
        this.steps.push(step);
        // The model the provider's response names (such as a dated snapshot); without one, the one asked.
        const reported = step.response.modelId;
        const answered = reported && reported !== model.modelId ? reported : this.answerer.model;
        this.governed?.answeredBy({
          ...(this.answerer.provider ? { provider: this.answerer.provider } : {}),
          model: answered,
        });
        // As the provider reported them (or not): the governed turn makes whole counts of them, and prices them
        // by this step's model (the chain starts again at its first provider every step).
        this.governed?.addUsage({
          inputTokens: step.usage.inputTokens,
          outputTokens: step.usage.outputTokens,
          model: answered,
        });
      },
      // The AI SDK's own spans (once an app registers `@ai-sdk/otel`), without prompts or replies in them.
      telemetry: { functionId: 'opwire.chat', recordInputs: false, recordOutputs: false },
    };
  }

  /** The error result of an invalid call, decided once per tool-call id. */
  invalidResult(call: InvalidToolCall): Promise<ToolErrorResult> {
    let result = this.invalidResults.get(call.toolCallId);
    if (!result) {
      result = invalidCallResult(call, {
        catalog: this.config.catalog,
        caller: this.request.caller,
        locale: this.locale,
        origin: { surface: 'ai', conversationId: this.conversationId, turnId: this.turnId },
        trace: this.span.spanContext(),
        ...(this.request.signal ? { signal: this.request.signal } : {}),
        ...(this.request.baggage ? { baggage: this.request.baggage } : {}),
      });
      this.invalidResults.set(call.toolCallId, result);
      // A refused call is audited like any other: the attempt, then the code it was refused with.
      const named = { toolCallId: call.toolCallId, toolName: call.toolName };
      this.governed?.toolCall({ ...named, input: call.input });
      void result.then((output) => this.governed?.toolResult({ ...named, output }));
    }
    return result;
  }

  /** Notes text the model streamed: the turn keeps it if the user stops before its step ends. */
  streamedText(delta: string): void {
    this.unfinishedText += delta;
  }

  /**
   * Notes that the stream has been read to the end of a step. Before a next step (`more`: the model called tools),
   * looks whether the conversation is still there: one deleted where this turn could not be told (another process)
   * stops it before that step, as a deletion here does. Not awaited: the next step is not held up for it.
   */
  streamedStepEnd(more: boolean): void {
    this.unfinishedText = '';
    this.stepsRead++;
    if (!more || this.conversationDeleted) return;
    this.config.governance.getConversation(this.request.caller, this.conversationId).then(
      () => undefined,
      (error: unknown) => {
        if (isOpwireError(error) && error.code === 'NOT_FOUND') this.stopForDeletion();
      },
    );
  }

  /** The reply and outcome of a turn the model finished (or that ran out of steps). */
  async conclude(text: string): Promise<Ending> {
    const last = this.steps.at(-1);
    const hitStepLimit = this.steps.length >= this.config.maxSteps && last?.finishReason === 'tool-calls';
    const ending: Ending = hitStepLimit
      ? {
          text: stepLimitNotice(this.locale, this.steps.length, text),
          outcome: 'stopped',
          reason: 'step-limit',
        }
      : { text, outcome: 'completed', reason: undefined };
    await runGuardrails(this.config.guardrails, 'output', {
      caller: this.request.caller,
      messages: textOf([...this.history, ...this.added]),
      text: ending.text,
    });
    return ending;
  }

  /**
   * Records the turn — its messages in the conversation, its ledger row and closing event — ends the span
   * and builds the result; runs once, whatever happened.
   */
  finish(ending: Ending): Promise<ChatResult> {
    this.finished ??= this.record(ending);
    return this.finished;
  }

  /** Ends a turn that threw (see `turnErrorOf`); a stop is `stopped`, anything else `failed`. */
  async fail(thrown: unknown): Promise<{ error: OpwireError; result: ChatResult }> {
    const aborted = this.request.signal?.aborted === true;
    const error = turnErrorOf(thrown, this.request.signal);
    if (!aborted && !isOpwireError(thrown)) {
      this.config.logger.error('chat turn failed', { turnId: this.turnId, error: thrown });
    }
    const cancelled = error.code === 'CANCELLED';
    const result = await this.finish({
      text: '',
      outcome: cancelled ? 'stopped' : 'failed',
      reason: cancelled ? 'cancelled' : error.code,
      code: error.code,
      error,
    });
    return { error, result };
  }

  private async record(ending: Ending): Promise<ChatResult> {
    const invalid = invalidCallsOf(this.steps);
    const results = await Promise.all(invalid.map((call) => this.invalidResult(call)));
    const steps = toChatSteps(
      this.steps,
      new Map(invalid.map((call, index) => [call.toolCallId, results[index] as ToolErrorResult])),
      this.locale,
    );
    await this.remember(ending);
    // A deletion elsewhere declined only the approvals stored before it looked: this turn's later ones go now,
    // before its ledger row is written, so the row says they were declined.
    if (this.conversationGone) {
      await this.config.governance.declineApprovalsOfDeleted(this.request.caller, this.conversationId);
    }
    // Stopped or failed before any step ended, no step named its model: the one that was answering is noted.
    if (this.steps.length === 0 && this.answerer.model !== undefined) {
      this.governed?.answeredBy({
        ...(this.answerer.provider ? { provider: this.answerer.provider } : {}),
        model: this.answerer.model,
      });
    }
    const row = await this.governed?.finish({
      outcome: ending.outcome,
      ...(ending.code === undefined ? {} : { errorCode: ending.code }),
      ...(ending.reason === 'step-limit' ? { details: { reason: 'step-limit' } } : {}),
      // The trail tells a stop the deletion made from one its user asked for.
      ...(this.conversationDeleted ? { details: { reason: 'conversation_deleted' } } : {}),
    });
    const inputTokens = row?.inputTokens ?? 0;
    const outputTokens = row?.outputTokens ?? 0;
    const result: ChatResult = {
      conversationId: this.conversationId,
      turnId: this.turnId,
      text: ending.text,
      steps,
      usage: { inputTokens, outputTokens, totalTokens: addTokenCounts(inputTokens, outputTokens) },
      cost: row?.cost,
      provider: this.answerer.provider,
      model: row?.model ?? this.answerer.model,
      toolsCalled: this.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName)),
      latencyMs: performance.now() - this.startedAt,
      outcome: ending.outcome,
      stopReason: ending.reason,
      pendingApprovals: pendingApprovalsOf(steps),
    };
    this.endSpan(result, ending);
    return result;
  }

  /** Stores what the turn said: the user's message and approval outcomes, then the model's finished steps. */
  private async remember(ending: Ending): Promise<void> {
    if (!this.governed || this.conversationDeleted) return;
    // Each step's `response.messages` holds that step's messages only: the tool calls and results of
    // earlier steps are kept too, so the next turn's model sees what was called and what came back.
    // A failed turn keeps its finished steps (never the text of one the provider cut off): a call that ran, a
    // write above all, stays told, so a retry's model answers on from it instead of making it again.
    const response: ModelMessage[] =
      ending.outcome === 'failed'
        ? finishedStepMessages(this.steps)
        : this.steps.flatMap((step) => step.response.messages);
    // A stopped turn keeps what the model had said in its unfinished step, as the AI SDK's `onFinish`
    // hands an aborted stream's partial message to be saved: the page shows it again and the next turn's
    // model sees it.
    // (Text read after a step was recorded but before its end was read belongs to that step.)
    if (ending.outcome === 'stopped' && this.unfinishedText !== '' && this.stepsRead === this.steps.length) {
      response.push({ role: 'assistant', content: [{ type: 'text', text: this.unfinishedText }] });
    }
    const messages = [...this.added, ...response];
    // A regeneration that failed before finishing a step leaves the answer it was to replace; one that ended
    // otherwise replaces it. An edit whose question was asked replaces the old question either way: the client
    // shows the new one.
    const keepsOld = ending.outcome === 'failed' && response.length === 0 && !this.editAsked;
    const replacing = keepsOld ? undefined : this.replacing;
    if (messages.length === 0 && replacing === undefined) return;
    try {
      // The ending is kept with the messages too: the conversation still says how the turn ended after a
      // retention trim has removed its ledger row, and shows the sources the answer was given after a reload.
      await this.config.governance.appendMessages(this.request.caller, this.conversationId, messages, {
        turnId: this.turnId,
        ending: {
          outcome: ending.outcome,
          ...(ending.code === undefined ? {} : { code: ending.code }),
          ...(this.sources.length === 0 ? {} : { sources: this.sources }),
        },
        ...(replacing === undefined ? {} : { replacingAfter: replacing }),
      });
    } catch (error) {
      // Deleted by its owner in another process while the turn ran: nothing is lost that anyone keeps.
      if (isOpwireError(error) && error.code === 'NOT_FOUND') {
        this.conversationGone = true;
        this.config.logger.warn('conversation deleted while its turn ran: the turn was not stored', {
          turnId: this.turnId,
          conversationId: this.conversationId,
        });
      } else this.config.logger.error('conversation messages not stored', { turnId: this.turnId, error });
    }
  }

  private endSpan(result: ChatResult, ending: Ending): void {
    this.span.setAttributes({
      'opwire.outcome': result.outcome,
      'gen_ai.usage.input_tokens': result.usage.inputTokens,
      'gen_ai.usage.output_tokens': result.usage.outputTokens,
      ...(result.provider ? { 'opwire.ai.provider': result.provider } : {}),
      ...(result.model ? { 'gen_ai.response.model': result.model } : {}),
    });
    // As for an operation's span: ERROR for a failure on the server's side (the provider failed or
    // timed out), unset for one the caller caused (a guardrail, the budget), its code named either way.
    if (ending.outcome === 'failed' && ending.error) {
      this.span.setAttribute('opwire.error.code', ending.error.code);
      setFailureStatus(this.span, ending.error);
    }
    const skipped = this.answerer.skipped;
    if (skipped.length > 0) {
      this.span.setAttribute(
        'opwire.ai.skipped_providers',
        skipped.map(({ provider, reason }) => `${provider}: ${reason}`),
      );
      this.config.logger.warn('chat providers skipped', { turnId: this.turnId, skipped });
    }
    this.span.end();
  }
}

/** The text of model messages, for guardrails and the `context` hook. */
function textOf(messages: readonly ModelMessage[]): ChatMessage[] {
  const text: ChatMessage[] = [];
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const content =
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) => (part.type === 'text' ? part.text : ''))
            .join('')
            .trim();
    if (content) text.push({ role: message.role, content });
  }
  return text;
}
