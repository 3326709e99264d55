import {
  type Attributes,
  type Counter,
  createNoopMeter,
  type Histogram,
  type MeterProvider,
  metrics,
} from '@opentelemetry/api';
import type { TurnRecord } from './governance/turn-ledger.js';

/** The instruments' names: the OpenTelemetry GenAI convention for tokens, `opwire.ai.*` for the rest. */
export const aiMetricNames = {
  tokens: 'gen_ai.client.token.usage',
  turns: 'opwire.ai.turns',
  turnDuration: 'opwire.ai.turn.duration',
  cost: 'opwire.ai.cost',
  toolCalls: 'opwire.ai.tool_calls',
  approvals: 'opwire.ai.approvals',
} as const;

/** A turn as the metrics read it: its ledger row (the governed turn records each one it finishes). */
export type MeteredTurn = Pick<
  TurnRecord,
  'inputTokens' | 'outputTokens' | 'provider' | 'model' | 'latencyMs' | 'outcome' | 'errorCode' | 'cost'
>;

/**
 * One tool call a model made: the tool's name and how it ended, as the ledger keeps it (`ok`,
 * `approval_pending`, `approval_declined`, or the error code, counted as outcome `error` with that code as
 * `error.type`).
 */
export interface MeteredToolCall {
  readonly tool: string;
  readonly outcome: string;
}

/** One approval step of a tool that needs a person's consent. */
export interface MeteredApproval {
  readonly tool: string;
  readonly decision: 'requested' | 'approved' | 'declined';
}

/** Records AI usage through an OpenTelemetry meter; without a registered provider every call is a no-op. */
export interface AiMetrics {
  /** Tokens by type and model, one turn by outcome, its duration, and its cost by currency. */
  recordTurn(turn: MeteredTurn): void;
  recordToolCall(call: MeteredToolCall): void;
  recordApproval(approval: MeteredApproval): void;
}

interface Instruments {
  readonly tokens: Histogram;
  readonly turns: Counter;
  readonly turnDuration: Histogram;
  readonly cost: Counter;
  readonly toolCalls: Counter;
  readonly approvals: Counter;
}

/**
 * AI metrics on `meterProvider`, or on the globally registered provider as it is at each call (so an SDK
 * started after the app still gets the points). Governance records every turn through one (its `metrics` option).
 */
export function createAiMetrics(options: { readonly meterProvider?: MeterProvider } = {}): AiMetrics {
  let seen: MeterProvider | undefined;
  let instruments: Instruments | undefined;
  const current = (): Instruments | undefined => {
    const provider = options.meterProvider ?? metrics.getMeterProvider();
    if (provider !== seen) {
      seen = provider;
      const meter = provider.getMeter('@opwire/ai');
      instruments = meter === createNoopMeter() ? undefined : createInstruments(provider);
    }
    return instruments;
  };
  return {
    recordTurn(turn) {
      const record = current();
      if (record === undefined) return;
      const model: Attributes = { 'gen_ai.operation.name': 'chat' };
      if (turn.provider !== undefined) model['gen_ai.provider.name'] = turn.provider;
      if (turn.model !== undefined) model['gen_ai.response.model'] = turn.model;
      record.tokens.record(turn.inputTokens, { ...model, 'gen_ai.token.type': 'input' });
      record.tokens.record(turn.outputTokens, { ...model, 'gen_ai.token.type': 'output' });
      const ended: Attributes = { ...model, 'opwire.outcome': turn.outcome };
      if (turn.errorCode !== undefined) ended['error.type'] = turn.errorCode;
      record.turns.add(1, ended);
      record.turnDuration.record(turn.latencyMs / 1000, ended);
      if (turn.cost !== undefined && turn.cost.amount > 0) {
        record.cost.add(turn.cost.amount, { ...model, 'opwire.ai.currency': turn.cost.currency });
      }
    },
    recordToolCall(call) {
      const known =
        call.outcome === 'ok' ||
        call.outcome === 'approval_pending' ||
        call.outcome === 'approval_declined' ||
        call.outcome === 'pending';
      const attributes: Attributes = {
        'gen_ai.tool.name': call.tool,
        'opwire.outcome': known ? call.outcome : 'error',
      };
      if (!known) attributes['error.type'] = call.outcome;
      current()?.toolCalls.add(1, attributes);
    },
    recordApproval(approval) {
      current()?.approvals.add(1, {
        'gen_ai.tool.name': approval.tool,
        'opwire.ai.approval.decision': approval.decision,
      });
    },
  };
}

function createInstruments(provider: MeterProvider): Instruments {
  const meter = provider.getMeter('@opwire/ai');
  return {
    tokens: meter.createHistogram(aiMetricNames.tokens, {
      description: 'Tokens used by a chat turn, by type (input or output) and model.',
      unit: '{token}',
      advice: {
        explicitBucketBoundaries: [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304],
      },
    }),
    turns: meter.createCounter(aiMetricNames.turns, {
      description: 'Chat turns ended, by outcome and model.',
      unit: '{turn}',
    }),
    turnDuration: meter.createHistogram(aiMetricNames.turnDuration, {
      description: 'Duration of a chat turn, from the request to the last step.',
      unit: 's',
      advice: { explicitBucketBoundaries: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160] },
    }),
    cost: meter.createCounter(aiMetricNames.cost, {
      description: 'Cost of chat turns in units of the currency named by opwire.ai.currency.',
      unit: '{currency_unit}',
    }),
    toolCalls: meter.createCounter(aiMetricNames.toolCalls, {
      description: 'Tool calls made by models, by tool and outcome.',
      unit: '{call}',
    }),
    approvals: meter.createCounter(aiMetricNames.approvals, {
      description: 'Approval steps of tools that need consent, by tool and decision.',
      unit: '{approval}',
    }),
  };
}
