import { context as otelContext, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { coreErrors, isOpwireError, type Locale, type OpwireError } from '@opwire/core';
import type { ModelMessage, StepResult, ToolSet } from 'ai';
import { isStepCount } from 'ai';
import type { ChatConfig } from './chat-config.js';
import { pendingApprovalsOf, stepLimitNotice, toChatSteps } from './chat-result.js';
import type { ChatRequest, ChatResult } from './chat-types.js';
import { type Answerer, createFallbackModel } from './fallback-model.js';
import { runGuardrails } from './guardrails.js';
import {
  type InvalidToolCall,
  invalidCallResult,
  invalidCallsOf,
  rewriteInvalidToolCalls,
} from './invalid-tool-calls.js';
import { recordUsage, sumUsage } from './record-usage.js';
import type { ToolErrorResult } from './tool-result.js';
import { turnErrorOf } from './turn-error.js';
import type { TurnOutcome } from './usage-ledger.js';

/** How a turn ended, before usage is recorded. */
interface Ending {
  readonly text: string;
  readonly outcome: TurnOutcome;
  readonly reason: string | undefined;
}

const tracer = trace.getTracer('@opwire/ai');

/** One turn in progress: the settings to hand the AI SDK, and the bookkeeping that ends it. */
export class Turn {
  readonly turnId = crypto.randomUUID();
  readonly conversationId: string;
  readonly locale: Locale;
  readonly span: Span;
  readonly answerer: Answerer = { provider: undefined, model: undefined, skipped: [] };
  readonly steps: Array<StepResult<ToolSet>> = [];
  readonly tools: ToolSet;
  private readonly startedAt = performance.now();
  private readonly invalidResults = new Map<string, Promise<ToolErrorResult>>();
  /** Per-turn context from the chat's `context` hook, computed with the input guardrails. */
  private context: string | undefined;

  constructor(
    private readonly config: ChatConfig,
    readonly request: ChatRequest,
  ) {
    this.conversationId = request.conversationId ?? crypto.randomUUID();
    this.locale = request.locale ?? request.caller.locale ?? 'en';
    const parent = request.trace
      ? trace.setSpanContext(otelContext.active(), request.trace)
      : otelContext.active();
    this.span = tracer.startSpan(
      'ai.turn',
      { attributes: { 'opwire.conversation.id': this.conversationId, 'opwire.turn.id': this.turnId } },
      parent,
    );
    this.tools = config.catalog.bind(request.caller, {
      conversationId: this.conversationId,
      turnId: this.turnId,
      trace: this.span.spanContext(),
      locale: this.locale,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.baggage ? { baggage: request.baggage } : {}),
      ...(request.tools ? { only: request.tools } : {}),
    });
  }

  /** Runs the input guardrails on the last user message. */
  async checkInput(): Promise<void> {
    const last = [...this.request.messages].reverse().find((message) => message.role === 'user');
    if (!last) throw coreErrors.MISSING_FIELD({ field: 'messages' });
    await runGuardrails(this.config.guardrails, 'input', {
      caller: this.request.caller,
      messages: this.request.messages,
      text: last.content,
    });
    this.context = await this.config.context?.({
      caller: this.request.caller,
      question: last.content,
      messages: this.request.messages,
      locale: this.locale,
      signal: this.request.signal,
    });
  }

  /** The options shared by `generateText` and `streamText`. */
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
    const messages: ModelMessage[] = this.request.messages.map((message) => ({
      role: message.role,
      content: message.content,
    }));
    return {
      model: createFallbackModel(this.config.chain, this.answerer),
      tools: this.tools,
      messages,
      ...(instructions.length > 0 ? { instructions: instructions.join('\n\n') } : {}),
      stopWhen: isStepCount(this.config.maxSteps),
      maxRetries: this.config.maxRetries,
      ...(this.request.signal ? { abortSignal: this.request.signal } : {}),
      prepareStep: rewriteInvalidToolCalls((call) => this.invalidResult(call)),
      onStepEnd: (step: StepResult<ToolSet>) => {
        this.steps.push(step);
      },
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
    }
    return result;
  }

  /** Whether the model still wanted tools when the step limit ended the turn. */
  hitStepLimit(): boolean {
    const last = this.steps.at(-1);
    return this.steps.length >= this.config.maxSteps && last?.finishReason === 'tool-calls';
  }

  /** The reply and outcome of a turn the model finished (or that ran out of steps). */
  async conclude(text: string): Promise<Ending> {
    const ending: Ending = this.hitStepLimit()
      ? {
          text: stepLimitNotice(this.locale, this.steps.length, text),
          outcome: 'stopped',
          reason: 'step-limit',
        }
      : { text, outcome: 'completed', reason: undefined };
    await runGuardrails(this.config.guardrails, 'output', {
      caller: this.request.caller,
      messages: this.request.messages,
      text: ending.text,
    });
    return ending;
  }

  /** Records usage, ends the span and builds the result. */
  async finish(ending: Ending): Promise<ChatResult> {
    const invalid = invalidCallsOf(this.steps);
    const results = await Promise.all(invalid.map((call) => this.invalidResult(call)));
    const steps = toChatSteps(
      this.steps,
      new Map(invalid.map((call, index) => [call.toolCallId, results[index]!])),
      this.locale,
    );
    const usage = sumUsage(this.steps.map((step) => step.usage));
    const toolsCalled = this.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName));
    const result: ChatResult = {
      conversationId: this.conversationId,
      turnId: this.turnId,
      text: ending.text,
      steps,
      usage,
      provider: this.answerer.provider,
      model: this.answerer.model,
      toolsCalled,
      latencyMs: performance.now() - this.startedAt,
      outcome: ending.outcome,
      stopReason: ending.reason,
      pendingApprovals: pendingApprovalsOf(steps),
    };
    await recordUsage(this.config, {
      turnId: result.turnId,
      conversationId: result.conversationId,
      principalId: this.request.caller.principalId,
      tenant: this.request.caller.tenant,
      ...result.usage,
      provider: result.provider,
      model: result.model,
      toolsCalled: result.toolsCalled,
      steps: this.steps.length,
      latencyMs: result.latencyMs,
      outcome: result.outcome,
      ...(result.stopReason ? { reason: result.stopReason } : {}),
      at: new Date().toISOString(),
    });
    this.span.setAttributes({
      'opwire.outcome': result.outcome,
      'gen_ai.usage.input_tokens': usage.inputTokens,
      'gen_ai.usage.output_tokens': usage.outputTokens,
      ...(result.provider ? { 'opwire.ai.provider': result.provider } : {}),
      ...(result.model ? { 'gen_ai.response.model': result.model } : {}),
    });
    if (result.outcome === 'failed')
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: ending.reason });
    this.reportSkipped();
    this.span.end();
    return result;
  }

  /** Tells operators which providers failed before one answered (or before the turn gave up). */
  private reportSkipped(): void {
    const skipped = this.answerer.skipped;
    if (skipped.length === 0) return;
    this.span.setAttribute(
      'opwire.ai.skipped_providers',
      skipped.map(({ provider, reason }) => `${provider}: ${reason}`),
    );
    this.config.logger.warn('chat providers skipped', { turnId: this.turnId, skipped });
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
    });
    return { error, result };
  }
}
