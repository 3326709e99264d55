/** How a chat turn ended. */
export type TurnOutcome = 'completed' | 'failed' | 'stopped';

/** One row of the usage ledger: what a turn cost and how it went. */
export interface TurnUsage {
  readonly turnId: string;
  readonly conversationId: string;
  readonly principalId: string;
  readonly tenant: string;
  /** Summed over every step of the turn. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  /** The configured provider name and model id that answered (the last answer of the turn). */
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly toolsCalled: readonly string[];
  readonly steps: number;
  readonly latencyMs: number;
  readonly outcome: TurnOutcome;
  /** Why a turn stopped or failed: `step-limit`, `cancelled`, or an error code. */
  readonly reason?: string;
  /** ISO timestamp of the end of the turn. */
  readonly at: string;
}

/** The port where turn usage goes; a failing ledger never breaks the reply. */
export interface UsageLedger {
  record(usage: TurnUsage): Promise<void>;
  list(query?: { readonly tenant?: string; readonly principalId?: string }): Promise<TurnUsage[]>;
}

/** A `UsageLedger` in process memory, for tests and single-process apps. */
export function createMemoryUsageLedger(): UsageLedger {
  const rows: TurnUsage[] = [];
  return {
    async record(usage) {
      rows.push(structuredClone(usage));
    },
    async list(query = {}) {
      return rows
        .filter(
          (row) =>
            (query.tenant === undefined || row.tenant === query.tenant) &&
            (query.principalId === undefined || row.principalId === query.principalId),
        )
        .map((row) => structuredClone(row));
    },
  };
}
