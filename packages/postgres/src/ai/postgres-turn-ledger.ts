import {
  type Cost,
  type CostGrouping,
  type CostRow,
  checkLimit,
  decodeCursor,
  encodeCursor,
  normalizeTime,
  roundCostAmount,
  type ToolCallRecord,
  type TurnFilter,
  type TurnLedger,
  type TurnRecord,
  type UsageTotals,
} from '@opwire/ai';
import { isoOf, optional, type SqlAccess } from './sql-access.js';
import { turnFilterSql } from './turn-filter-sql.js';

type Row = Record<string, unknown>;

const columns = [
  'turn_id',
  'conversation_id',
  'tenant',
  'principal_id',
  'trace_id',
  'provider',
  'requested_model',
  'model',
  'input_tokens',
  'output_tokens',
  'cost_amount',
  'cost_currency',
  'tool_calls',
  'latency_ms',
  'outcome',
  'error_code',
  'started_at',
  'finished_at',
].join(', ');

const groupKeys: Record<CostGrouping, string> = {
  model: 'model',
  provider: 'provider',
  principal: 'principal_id',
  tenant: 'tenant',
  day: `to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
};

const toTurn = (row: Row): TurnRecord => ({
  turnId: String(row.turn_id),
  ...optional('conversationId', row.conversation_id as string | null),
  tenant: String(row.tenant),
  principalId: String(row.principal_id),
  ...optional('traceId', row.trace_id as string | null),
  ...optional('provider', row.provider as string | null),
  ...optional('requestedModel', row.requested_model as string | null),
  ...optional('model', row.model as string | null),
  inputTokens: Number(row.input_tokens),
  outputTokens: Number(row.output_tokens),
  ...(row.cost_currency === null
    ? {}
    : { cost: { amount: Number(row.cost_amount), currency: String(row.cost_currency) } }),
  toolCalls: row.tool_calls as ToolCallRecord[],
  latencyMs: Number(row.latency_ms),
  outcome: row.outcome as TurnRecord['outcome'],
  ...optional('errorCode', row.error_code as string | null),
  startedAt: isoOf(row.started_at),
  finishedAt: isoOf(row.finished_at),
});

/** A `TurnLedger` over the `opwire_ai_turns` table. */
export function createPostgresTurnLedger(sql: SqlAccess): TurnLedger {
  /** Requests and tokens per key, and cost per key and currency, in one pass each. */
  const grouped = async (filter: TurnFilter, key: string): Promise<CostRow[]> => {
    const params: unknown[] = [];
    const where = turnFilterSql(filter, params);
    const { rows } = await sql.query(
      `SELECT ${key} AS key, cost_currency, count(*) AS requests, sum(input_tokens) AS input_tokens,
          sum(output_tokens) AS output_tokens, sum(cost_amount) AS amount
        FROM opwire_ai_turns WHERE ${where} GROUP BY 1, 2`,
      params,
    );
    const groups = new Map<
      string | null,
      { requests: number; inputTokens: number; outputTokens: number; costs: Cost[] }
    >();
    for (const row of rows) {
      const groupKey = row.key === null ? null : String(row.key);
      const group = groups.get(groupKey) ?? { requests: 0, inputTokens: 0, outputTokens: 0, costs: [] };
      group.requests += Number(row.requests);
      group.inputTokens += Number(row.input_tokens);
      group.outputTokens += Number(row.output_tokens);
      if (row.cost_currency !== null)
        group.costs.push({
          amount: roundCostAmount(Number(row.amount)),
          currency: String(row.cost_currency),
        });
      groups.set(groupKey, group);
    }
    return [...groups.entries()]
      .sort(([left], [right]) =>
        left === right ? 0 : left === null ? 1 : right === null ? -1 : left < right ? -1 : 1,
      )
      .map(([groupKey, group]) => ({
        key: groupKey,
        ...group,
        costs: group.costs.sort((left, right) => (left.currency < right.currency ? -1 : 1)),
      }));
  };

  return {
    async record(turn) {
      await sql.query(
        `INSERT INTO opwire_ai_turns (${columns})
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18)`,
        [
          turn.turnId,
          turn.conversationId ?? null,
          turn.tenant,
          turn.principalId,
          turn.traceId ?? null,
          turn.provider ?? null,
          turn.requestedModel ?? null,
          turn.model ?? null,
          turn.inputTokens,
          turn.outputTokens,
          turn.cost?.amount ?? null,
          turn.cost?.currency ?? null,
          JSON.stringify(turn.toolCalls),
          turn.latencyMs,
          turn.outcome,
          turn.errorCode ?? null,
          normalizeTime(turn.startedAt, 'startedAt'),
          normalizeTime(turn.finishedAt, 'finishedAt'),
        ],
      );
    },
    async get(turnId, tenant) {
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_turns WHERE turn_id = $1 AND ($2::text IS NULL OR tenant = $2)`,
        [turnId, tenant ?? null],
      );
      return rows[0] && toTurn(rows[0]);
    },
    async list(filter, page) {
      checkLimit(page.limit);
      const params: unknown[] = [];
      let where = turnFilterSql(filter, params);
      if (page.cursor !== undefined) {
        const [startedAt, turnId] = decodeCursor(page.cursor, ['t', 's']);
        params.push(startedAt, turnId);
        where += ` AND (started_at, turn_id) < ($${params.length - 1}::timestamptz, $${params.length}::text)`;
      }
      params.push(page.limit + 1);
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_turns WHERE ${where} ORDER BY started_at DESC, turn_id DESC LIMIT $${params.length}`,
        params,
      );
      const turns = rows.slice(0, page.limit).map(toTurn);
      const last = turns.at(-1);
      return rows.length > page.limit && last
        ? { turns, next: encodeCursor([last.startedAt, last.turnId]) }
        : { turns };
    },
    async totals(filter): Promise<UsageTotals> {
      const rows = await grouped(filter, 'NULL::text');
      return rows[0]
        ? {
            requests: rows[0].requests,
            inputTokens: rows[0].inputTokens,
            outputTokens: rows[0].outputTokens,
            costs: rows[0].costs,
          }
        : { requests: 0, inputTokens: 0, outputTokens: 0, costs: [] };
    },
    summarize: (filter, by) => grouped(filter, groupKeys[by]),
    async settleToolCall(turnId, { tenant, toolCallId, outcome }) {
      // Only a call still waiting is changed, so a decision told twice (or late) never rewrites an outcome.
      const { rowCount } = await sql.query(
        `UPDATE opwire_ai_turns SET tool_calls = (
            SELECT jsonb_agg(CASE WHEN call ->> 'toolCallId' = $3 AND call ->> 'outcome' = 'approval_pending'
                THEN jsonb_set(call, '{outcome}', to_jsonb($4::text)) ELSE call END ORDER BY position)
              FROM jsonb_array_elements(tool_calls) WITH ORDINALITY AS calls (call, position))
          WHERE turn_id = $1 AND tenant = $2
            AND tool_calls @> jsonb_build_array(jsonb_build_object('toolCallId', $3::text, 'outcome', 'approval_pending'))`,
        [turnId, tenant, toolCallId, outcome],
      );
      return rowCount > 0;
    },
    async trim({ before, tenant }) {
      const { rowCount } = await sql.query(
        'DELETE FROM opwire_ai_turns WHERE started_at < $1::timestamptz AND ($2::text IS NULL OR tenant = $2)',
        [normalizeTime(before, 'before'), tenant ?? null],
      );
      return rowCount;
    },
  };
}
