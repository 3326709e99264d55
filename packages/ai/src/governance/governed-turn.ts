import type { Caller, Logger } from '@opwire/core';
import type { AiMetrics } from '../ai-metrics.js';
import { isToolErrorResult } from '../tool-result.js';
import type { AiAuditAction, AiAuditTrail } from './ai-audit-trail.js';
import type { Masker } from './mask-payload.js';
import { costsOfSteps, type PriceTable, type StepUsage } from './price-table.js';
import { addTokenCounts, toTokenCount } from './token-count.js';
import { recordedName } from './turn-event.js';
import type { ToolCallRecord, TurnLedger, TurnOutcome, TurnRecord } from './turn-ledger.js';

/** How a turn starts: who asks, in which conversation, of which provider and model. */
export interface TurnStart {
  readonly caller: Caller;
  readonly conversationId?: string;
  readonly provider?: string;
  readonly requestedModel?: string;
  readonly traceId?: string;
  /** Defaults to a new UUID. */
  readonly turnId?: string;
  /** The payload of the turn's `request` event (such as the new user message), masked before it is stored. */
  readonly request?: unknown;
  /**
   * Called when the turn's conversation is deleted (`deleteConversation`, in this process) while the turn runs:
   * a chat turn stops, since there is nowhere left to store what it says.
   */
  readonly onConversationDeleted?: () => void;
}

/** The details of one event; `payload` is masked before it is stored. */
export interface TurnEventDetails {
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly code?: string;
  readonly payload?: unknown;
}

/** How a turn ended. A `stopped` turn records a `stop` event, a `failed` one an `error` event. */
export interface TurnEnd {
  readonly outcome: TurnOutcome;
  /** The error code of a failed turn (`PROVIDER_FAILED`, `BUDGET_EXCEEDED`) or why it stopped (`CANCELLED`). */
  readonly errorCode?: string;
  /** The payload of the `stop` or `error` event, such as `{ reason: 'step-limit' }`. */
  readonly details?: unknown;
}

/**
 * One turn in progress: its events go to the trail in the order recorded (never failing the turn), and
 * `finish` writes its ledger row. Call `finish` in a `finally`, so stopped and failed turns are counted too.
 */
export interface GovernedTurn {
  readonly turnId: string;
  readonly startedAt: string;
  /** Queues an event; returns at once, and a failing trail is logged, never thrown. */
  record(action: AiAuditAction, details?: TurnEventDetails): void;
  /** Records a `tool_call` event and notes the call for the ledger row. */
  toolCall(call: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown }): void;
  /**
   * Records a `tool_result` event and the call's outcome: the code of an `{ error }` result,
   * `approval_pending` for an approval, else `ok` (or `outcome` when given).
   */
  toolResult(result: {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly output: unknown;
    readonly outcome?: string;
  }): void;
  /** Sets the outcome of a call that waits for approval (`approval_pending`) once it is decided elsewhere. */
  settleToolCall(call: { readonly toolCallId: string; readonly outcome: string }): void;
  /** Notes the provider and the model that actually answered (the last answer of the turn is the row's). */
  answeredBy(answer: { readonly provider?: string; readonly model?: string }): void;
  /**
   * Adds a step's tokens to the turn's sums, each count as `toTokenCount` keeps it (a fraction rounded, an
   * absent, NaN or negative count 0, one past `Number.MAX_SAFE_INTEGER` that), and so each sum. The step is
   * priced by `model`, the model that answered it; tokens added without one are priced by the model that
   * answered last.
   */
  addUsage(usage: {
    readonly inputTokens?: number | undefined;
    readonly outputTokens?: number | undefined;
    readonly model?: string | undefined;
  }): void;
  /** Resolves once every event recorded so far is stored (or its failure logged). */
  flush(): Promise<void>;
  /** Records the ending event, stores the ledger row and resolves to it; never rejects, and runs once. */
  finish(end: TurnEnd): Promise<TurnRecord>;
}

/** What a turn needs from its governance. */
export interface TurnDependencies {
  readonly ledger: TurnLedger;
  readonly events: AiAuditTrail;
  readonly prices: PriceTable;
  readonly mask: Masker;
  readonly logger: Logger;
  /** Counts the finished turn and its tool calls. */
  readonly metrics?: AiMetrics;
  readonly now: () => number;
  /** Called once the turn has finished, so late events stop going through it. */
  readonly onFinish: (turnId: string) => void;
}

/** Starts a turn (and queues its `request` event). */
export function startGovernedTurn(start: TurnStart, dependencies: TurnDependencies): GovernedTurn {
  const { caller } = start;
  const { events, logger, mask, now } = dependencies;
  const turnId = start.turnId ?? crypto.randomUUID();
  const startMs = now();
  const startedAt = new Date(startMs).toISOString();
  // In the order they were made; not keyed by id, since a model may give two calls of one turn the same id.
  const toolCalls: Array<{ toolCallId: string; toolName: string; outcome: string }> = [];
  /** The latest call under this id still waiting for its result, the one a result answers. */
  const waiting = (toolCallId: string) =>
    toolCalls.findLast((call) => call.toolCallId === toolCallId && call.outcome === 'pending');
  let answer: { provider?: string | undefined; model?: string | undefined } = {};
  let inputTokens = 0;
  let outputTokens = 0;
  /** Each step's tokens with the model that answered it, priced step by step. */
  const steps: StepUsage[] = [];
  let queue: Promise<void> = Promise.resolve();
  let finished: Promise<TurnRecord> | undefined;

  const record = (action: AiAuditAction, details: TurnEventDetails = {}) => {
    const event = {
      id: crypto.randomUUID(),
      turnId,
      action,
      at: new Date(now()).toISOString(),
      tenant: caller.tenant,
      principalId: caller.principalId,
      ...(start.conversationId === undefined ? {} : { conversationId: start.conversationId }),
      ...(start.traceId === undefined ? {} : { traceId: start.traceId }),
      ...(details.toolCallId === undefined ? {} : { toolCallId: details.toolCallId }),
      ...(details.toolName === undefined ? {} : { toolName: details.toolName }),
      ...(details.code === undefined ? {} : { code: details.code }),
      ...(details.payload === undefined ? {} : { payload: mask(details.payload) }),
    };
    // One append at a time, so the trail numbers events in the order they were recorded.
    queue = queue.then(() =>
      events.append(event).then(
        () => undefined,
        (error: unknown) => logger.error('AI audit event lost', { turnId, action, error }),
      ),
    );
  };

  /**
   * The turn's cost, step by step; a turn with no usage reported costs 0 in its model's currency. The ledger keeps
   * one currency: the last priced step's, the others left out and logged.
   */
  const costOfTurn = () => {
    const priced = (steps.length === 0 ? [{ inputTokens: 0, outputTokens: 0 }] : steps).map((step) => ({
      ...step,
      model: step.model ?? answer.model,
    }));
    const [cost, ...leftOut] = costsOfSteps(dependencies.prices, priced, start.requestedModel);
    if (leftOut.length > 0) {
      logger.warn('turn cost in several currencies: only one recorded', { turnId, recorded: cost, leftOut });
    }
    return cost;
  };

  const finish = async (end: TurnEnd): Promise<TurnRecord> => {
    if (end.outcome !== 'completed') {
      record(end.outcome === 'stopped' ? 'stop' : 'error', {
        ...(end.errorCode === undefined ? {} : { code: end.errorCode }),
        ...(end.details === undefined ? {} : { payload: end.details }),
      });
    }
    await queue;
    const calls: ToolCallRecord[] = toolCalls.map((call) => ({ ...call }));
    const cost = costOfTurn();
    const row: TurnRecord = {
      turnId,
      ...(start.conversationId === undefined ? {} : { conversationId: start.conversationId }),
      tenant: caller.tenant,
      principalId: caller.principalId,
      ...(start.traceId === undefined ? {} : { traceId: start.traceId }),
      ...((answer.provider ?? start.provider) === undefined
        ? {}
        : { provider: answer.provider ?? start.provider }),
      ...(start.requestedModel === undefined ? {} : { requestedModel: start.requestedModel }),
      ...(answer.model === undefined ? {} : { model: answer.model }),
      inputTokens,
      outputTokens,
      ...(cost ? { cost } : {}),
      toolCalls: calls,
      latencyMs: Math.max(0, now() - startMs),
      outcome: end.outcome,
      ...(end.errorCode === undefined ? {} : { errorCode: end.errorCode }),
      startedAt,
      finishedAt: new Date(now()).toISOString(),
    };
    try {
      await dependencies.ledger.record(row);
    } catch (error) {
      logger.error('turn ledger row lost', { turnId, error });
    }
    const { metrics } = dependencies;
    if (metrics) {
      metrics.recordTurn(row);
      for (const call of calls) metrics.recordToolCall({ tool: call.toolName, outcome: call.outcome });
    }
    dependencies.onFinish(turnId);
    return row;
  };

  if (start.request !== undefined) record('request', { payload: start.request });
  else record('request');
  return {
    turnId,
    startedAt,
    record,
    toolCall(call) {
      const [toolCallId, toolName] = [recordedName(call.toolCallId), recordedName(call.toolName)];
      toolCalls.push({ toolCallId, toolName, outcome: 'pending' });
      record('tool_call', { toolCallId, toolName, payload: { input: call.input } });
    },
    toolResult({ output, outcome, ...call }) {
      const [toolCallId, toolName] = [recordedName(call.toolCallId), recordedName(call.toolName)];
      const code = outcome ?? outcomeOf(output);
      const answered = waiting(toolCallId);
      if (answered) Object.assign(answered, { toolName, outcome: code });
      else toolCalls.push({ toolCallId, toolName, outcome: code });
      record('tool_result', { toolCallId, toolName, code, payload: { output } });
    },
    settleToolCall({ toolCallId, outcome }) {
      const id = recordedName(toolCallId);
      // As the ledger stores settle it: every call of this id still waiting for its approval.
      for (const call of toolCalls)
        if (call.toolCallId === id && call.outcome === 'approval_pending') call.outcome = outcome;
    },
    answeredBy(next) {
      answer = { provider: next.provider ?? answer.provider, model: next.model ?? answer.model };
    },
    addUsage(usage) {
      // A provider's counts are not trusted as sent: a fraction or a count past bigint lost the ledger row, and a
      // negative one made a negative cost that let a money budget be overspent.
      const step = {
        inputTokens: toTokenCount(usage.inputTokens),
        outputTokens: toTokenCount(usage.outputTokens),
        ...(usage.model === undefined ? {} : { model: usage.model }),
      };
      steps.push(step);
      inputTokens = addTokenCounts(inputTokens, step.inputTokens);
      outputTokens = addTokenCounts(outputTokens, step.outputTokens);
    },
    flush: () => queue,
    finish(end) {
      finished ??= finish(end);
      return finished;
    },
  };
}

/**
 * The outcome code of a tool's output: its error code, `approval_pending` while it waits, `approval_declined`
 * when its user declined it (it never ran), or `ok`.
 */
export function outcomeOf(output: unknown): string {
  if (isToolErrorResult(output)) return output.error.code;
  const approval = (output as { approval?: { status?: unknown } } | null)?.approval;
  if (approval?.status === 'pending') return 'approval_pending';
  return approval?.status === 'declined' ? 'approval_declined' : 'ok';
}

/**
 * The outcome a decided approval gives its call, as `outcomeOf` reads the decided call's output: `ok` or the
 * approved call's error code (`code`), `approval_declined`; `undefined` for any other action.
 */
export function decidedOutcome(action: AiAuditAction, code: string | undefined): string | undefined {
  if (action === 'approval_declined') return 'approval_declined';
  return action === 'approval_approved' ? (code ?? 'ok') : undefined;
}
