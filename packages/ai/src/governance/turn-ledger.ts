/** How a turn ended. */
export type TurnOutcome = 'completed' | 'failed' | 'stopped';

import type { Page } from './paging.js';

/** An amount of money in one currency (ISO 4217 code such as `USD`). */
export interface Cost {
  readonly amount: number;
  readonly currency: string;
}

/**
 * One tool call of a turn and how it ended: `ok`, `approval_pending` (until its approval is decided),
 * `approval_declined`, or the error code it failed with.
 */
export interface ToolCallRecord {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly outcome: string;
}

/** One row of the turn ledger: who asked, which model answered, what it cost and how it ended. No message text. */
export interface TurnRecord {
  readonly turnId: string;
  readonly conversationId?: string;
  readonly tenant: string;
  readonly principalId: string;
  readonly traceId?: string;
  /** The configured provider name that answered (or was tried last). */
  readonly provider?: string;
  /** The model the turn asked for. */
  readonly requestedModel?: string;
  /** The model that actually answered, as the provider's response names it. */
  readonly model?: string;
  /** Summed over every step of the turn. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** From the price table; absent when the model has no price. */
  readonly cost?: Cost;
  readonly toolCalls: ToolCallRecord[];
  readonly latencyMs: number;
  readonly outcome: TurnOutcome;
  /** Why a turn failed or stopped: an error code such as `PROVIDER_FAILED`, or `CANCELLED`. */
  readonly errorCode?: string;
  /** ISO timestamps. */
  readonly startedAt: string;
  readonly finishedAt: string;
}

/** Which turns a read covers; every field narrows, `tenant` absent means every tenant. */
export interface TurnFilter {
  readonly tenant?: string;
  readonly outcome?: TurnOutcome;
  /** The answering model. */
  readonly model?: string;
  readonly provider?: string;
  readonly principalId?: string;
  readonly conversationId?: string;
  /** Turns that called this tool. */
  readonly tool?: string;
  /** Turns started at or after `from` and before `to` (ISO timestamps). */
  readonly from?: string;
  readonly to?: string;
  /** Turns with one of these ids (an unknown id is skipped); an empty list matches no turn. */
  readonly turnIds?: readonly string[];
}

/** A page of turns, newest first. */
export interface TurnPage {
  readonly turns: TurnRecord[];
  readonly next?: string;
}

/** Requests, tokens and cost (one amount per currency, by currency code) over a set of turns. */
export interface UsageTotals {
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costs: Cost[];
}

/** What a cost summary groups by; `day` is the UTC day a turn started (`YYYY-MM-DD`). */
export type CostGrouping = 'model' | 'provider' | 'principal' | 'tenant' | 'day';

/** One group of a cost summary; `key` is `null` for turns without a model or provider. */
export interface CostRow extends UsageTotals {
  readonly key: string | null;
}

/** The port that keeps one row per chat turn and answers sums over them. */
export interface TurnLedger {
  /** Stores a turn; a turn id recorded before rejects with `CONFLICT`. */
  record(turn: TurnRecord): Promise<void>;
  /** One turn, of `tenant` when given. */
  get(turnId: string, tenant?: string): Promise<TurnRecord | undefined>;
  /** Turns newest first (by start, then turn id). */
  list(filter: TurnFilter, page: Page): Promise<TurnPage>;
  totals(filter: TurnFilter): Promise<UsageTotals>;
  /** Totals per group, ordered by key (`null` last). */
  summarize(filter: TurnFilter, by: CostGrouping): Promise<CostRow[]>;
  /**
   * Sets the outcome of a call of the turn that waits for approval (`approval_pending`), once its approval is
   * decided; resolves to `false`, changing nothing, when the turn (of `tenant`) has no such call.
   */
  settleToolCall(
    turnId: string,
    call: { readonly tenant: string; readonly toolCallId: string; readonly outcome: string },
  ): Promise<boolean>;
  /** Removes turns started before `before` (of `tenant` when given); resolves to how many. */
  trim(options: { readonly before: string; readonly tenant?: string }): Promise<number>;
}
