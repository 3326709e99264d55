import type { AuditAction, TurnOutcome } from './console-text.js';

/** An amount in one currency. */
export interface Cost {
  readonly amount: number;
  readonly currency: string;
}

/** A ledger row as `GET /governance/turns` returns it. */
export interface TurnRecord {
  readonly turnId: string;
  readonly conversationId?: string;
  readonly tenant: string;
  readonly principalId: string;
  readonly traceId?: string;
  readonly provider?: string;
  readonly requestedModel?: string;
  readonly model?: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost?: Cost;
  readonly toolCalls: ReadonlyArray<{
    readonly toolCallId: string;
    readonly toolName: string;
    readonly outcome: string;
  }>;
  readonly latencyMs: number;
  readonly outcome: TurnOutcome;
  readonly errorCode?: string;
  readonly startedAt: string;
  readonly finishedAt: string;
}

/** An AI audit event as the governance operations return it. */
export interface AuditEvent {
  readonly id: string;
  readonly turnId: string;
  readonly sequence: number;
  readonly action: AuditAction;
  readonly at: string;
  readonly tenant: string;
  readonly principalId: string;
  readonly conversationId?: string;
  readonly traceId?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly code?: string;
  readonly payload?: unknown;
}

/** Requests, tokens and cost per currency. */
export interface UsageTotals {
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costs: readonly Cost[];
}

/** The totals of a list or summary, with the price table's main currency (absent without prices). */
export interface ListTotals extends UsageTotals {
  readonly currency?: string;
}

/** One group of a cost summary; `key` is null for turns without a model or provider. */
export interface CostRow extends UsageTotals {
  readonly key: string | null;
}

/** The answer of `GET /governance/cost`. */
export interface CostSummary {
  readonly from: string;
  readonly to: string;
  readonly totals: ListTotals;
  readonly byModel: readonly CostRow[];
  readonly byProvider: readonly CostRow[];
  readonly byPrincipal: readonly CostRow[];
  readonly byTenant: readonly CostRow[];
  readonly byDay: readonly CostRow[];
}

/** Filters of `GET /governance/turns`. */
export interface TurnFilters {
  readonly outcome?: TurnOutcome;
  readonly model?: string;
  readonly provider?: string;
  readonly principalId?: string;
  readonly conversationId?: string;
  readonly tool?: string;
  readonly from?: string;
  readonly to?: string;
}

/** Filters of `GET /governance/audit`. */
export interface AuditFilters {
  readonly action?: AuditAction;
  readonly turnId?: string;
  readonly principalId?: string;
  readonly from?: string;
  readonly to?: string;
}
