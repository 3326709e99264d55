import { coreErrors } from '@opwire/core';
import { checkLimit, decodeCursor, encodeCursor, newestFirst, normalizeTime } from './paging.js';
import { roundCostAmount } from './price-table.js';
import type {
  Cost,
  CostGrouping,
  CostRow,
  ToolCallRecord,
  TurnFilter,
  TurnLedger,
  TurnRecord,
  UsageTotals,
} from './turn-ledger.js';

/** A `TurnLedger` in process memory, for tests and single-process apps. */
export function createMemoryTurnLedger(): TurnLedger {
  const turns = new Map<string, TurnRecord>();
  const matching = (filter: TurnFilter) => {
    const from = filter.from === undefined ? undefined : normalizeTime(filter.from, 'from');
    const to = filter.to === undefined ? undefined : normalizeTime(filter.to, 'to');
    const ids = filter.turnIds === undefined ? undefined : new Set(filter.turnIds);
    return [...turns.values()].filter(
      (turn) =>
        (filter.tenant === undefined || turn.tenant === filter.tenant) &&
        (filter.outcome === undefined || turn.outcome === filter.outcome) &&
        (filter.model === undefined || turn.model === filter.model) &&
        (filter.provider === undefined || turn.provider === filter.provider) &&
        (filter.principalId === undefined || turn.principalId === filter.principalId) &&
        (filter.conversationId === undefined || turn.conversationId === filter.conversationId) &&
        (filter.tool === undefined || turn.toolCalls.some((call) => call.toolName === filter.tool)) &&
        (from === undefined || turn.startedAt >= from) &&
        (to === undefined || turn.startedAt < to) &&
        (ids === undefined || ids.has(turn.turnId)),
    );
  };
  return {
    async record(turn) {
      if (turns.has(turn.turnId)) {
        throw coreErrors.CONFLICT({ cause: new Error(`Turn "${turn.turnId}" is already recorded.`) });
      }
      turns.set(turn.turnId, {
        ...structuredClone(turn),
        startedAt: normalizeTime(turn.startedAt, 'startedAt'),
        finishedAt: normalizeTime(turn.finishedAt, 'finishedAt'),
      });
    },
    async get(turnId, tenant) {
      const turn = turns.get(turnId);
      return turn && (tenant === undefined || turn.tenant === tenant) ? structuredClone(turn) : undefined;
    },
    async list(filter, page) {
      checkLimit(page.limit);
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, ['t', 's'] as const);
      const sorted = matching(filter)
        .sort((left, right) => newestFirst([left.startedAt, left.turnId], [right.startedAt, right.turnId]))
        .filter((turn) => !after || newestFirst([turn.startedAt, turn.turnId], after) > 0);
      const listed = sorted.slice(0, page.limit).map((turn) => structuredClone(turn));
      const last = listed.at(-1);
      return sorted.length > page.limit && last
        ? { turns: listed, next: encodeCursor([last.startedAt, last.turnId]) }
        : { turns: listed };
    },
    async totals(filter) {
      return totalsOf(matching(filter));
    },
    async summarize(filter, by) {
      const groups = new Map<string | null, TurnRecord[]>();
      for (const turn of matching(filter)) {
        const key = keyOf(turn, by);
        groups.set(key, [...(groups.get(key) ?? []), turn]);
      }
      return [...groups.entries()]
        .sort(([left], [right]) => compareKeys(left, right))
        .map(([key, group]): CostRow => ({ key, ...totalsOf(group) }));
    },
    async settleToolCall(turnId, { tenant, toolCallId, outcome }) {
      const turn = turns.get(turnId);
      const waiting = (call: ToolCallRecord) =>
        call.toolCallId === toolCallId && call.outcome === 'approval_pending';
      if (turn?.tenant !== tenant || !turn.toolCalls.some(waiting)) return false;
      const toolCalls = turn.toolCalls.map((call) => (waiting(call) ? { ...call, outcome } : call));
      turns.set(turnId, { ...turn, toolCalls });
      return true;
    },
    async trim({ before, tenant }) {
      const cutoff = normalizeTime(before, 'before');
      let removed = 0;
      for (const [turnId, turn] of turns) {
        if (turn.startedAt < cutoff && (tenant === undefined || turn.tenant === tenant)) {
          turns.delete(turnId);
          removed++;
        }
      }
      return removed;
    },
  };
}

/** The sums over a set of turns, costs per currency ordered by currency code. */
export function totalsOf(turns: readonly TurnRecord[]): UsageTotals {
  const costs = new Map<string, number>();
  let inputTokens = 0;
  let outputTokens = 0;
  for (const turn of turns) {
    inputTokens += turn.inputTokens;
    outputTokens += turn.outputTokens;
    if (turn.cost) costs.set(turn.cost.currency, (costs.get(turn.cost.currency) ?? 0) + turn.cost.amount);
  }
  return {
    requests: turns.length,
    inputTokens,
    outputTokens,
    costs: [...costs.entries()]
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([currency, amount]): Cost => ({ amount: roundCostAmount(amount), currency })),
  };
}

function keyOf(turn: TurnRecord, by: CostGrouping): string | null {
  switch (by) {
    case 'model':
      return turn.model ?? null;
    case 'provider':
      return turn.provider ?? null;
    case 'principal':
      return turn.principalId;
    case 'tenant':
      return turn.tenant;
    case 'day':
      return turn.startedAt.slice(0, 10);
  }
}

function compareKeys(left: string | null, right: string | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
}
