import { expect, it } from 'vitest';
import type { TurnLedger, TurnRecord } from '../governance/turn-ledger.js';
import { refusedCutoffs } from './refused-cutoffs.js';
import { describeStoreSuite, editedCursors, type StoreSuiteOptions, uniqueTenant } from './store-suite.js';

const at = (day: number, minute = 0) => new Date(Date.UTC(2030, 0, day, 0, minute)).toISOString();

/** A complete ledger row, with every optional field set. */
export function turnRecordFor(tenant: string, overrides: Partial<TurnRecord> = {}): TurnRecord {
  return {
    turnId: crypto.randomUUID(),
    conversationId: 'conv-1',
    tenant,
    principalId: 'alice',
    traceId: '0af7651916cd43dd8448eb211c80319c',
    provider: 'openai',
    requestedModel: 'gpt-4o-mini',
    model: 'gpt-4o-mini-2024-07-18',
    inputTokens: 1000,
    outputTokens: 500,
    cost: { amount: 0.5, currency: 'USD' },
    toolCalls: [
      { toolCallId: 'call_0', toolName: 'orders_list', outcome: 'ok' },
      { toolCallId: 'call_1', toolName: 'orders_cancel', outcome: 'PERMISSION_DENIED' },
    ],
    latencyMs: 812.5,
    outcome: 'completed',
    startedAt: at(1),
    finishedAt: at(1, 1),
    ...overrides,
  };
}

/** Runs the `TurnLedger` contract against an adapter; cases share the ledger, each in its own tenant. */
export function runTurnLedgerConformance(name: string, options: StoreSuiteOptions<TurnLedger>) {
  describeStoreSuite(`TurnLedger conformance: ${name}`, options, (ledger) => {
    it('keeps a turn exactly as recorded, optional fields present or absent; a turn id twice is CONFLICT', async () => {
      const tenant = uniqueTenant();
      const full = turnRecordFor(tenant);
      const minimal: TurnRecord = {
        turnId: crypto.randomUUID(),
        tenant,
        principalId: 'bob',
        inputTokens: 0,
        outputTokens: 0,
        toolCalls: [],
        latencyMs: 3,
        outcome: 'failed',
        errorCode: 'BUDGET_EXCEEDED',
        startedAt: at(2),
        finishedAt: at(2),
      };
      await ledger().record(full);
      await ledger().record(minimal);
      expect(await ledger().get(full.turnId)).toStrictEqual(full);
      expect(await ledger().get(minimal.turnId, tenant)).toStrictEqual(minimal);
      expect(await ledger().get(full.turnId, `${tenant}-x`)).toBeUndefined();
      await expect(ledger().record({ ...full, inputTokens: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await ledger().get(full.turnId)).toStrictEqual(full);
    });

    it('lists turns newest first and filters on every field', async () => {
      const tenant = uniqueTenant();
      const rows = [
        turnRecordFor(tenant, { startedAt: at(1) }),
        turnRecordFor(tenant, {
          startedAt: at(2),
          outcome: 'stopped',
          errorCode: 'CANCELLED',
          principalId: 'bob',
        }),
        turnRecordFor(tenant, { startedAt: at(3), model: 'claude-3', provider: 'anthropic', toolCalls: [] }),
        turnRecordFor(tenant, { startedAt: at(4), conversationId: 'conv-2' }),
        turnRecordFor(`${tenant}-x`, { startedAt: at(5) }),
      ];
      for (const row of rows) await ledger().record(row);
      const ids = async (filter: Parameters<TurnLedger['list']>[0]) =>
        (await ledger().list(filter, { limit: 50 })).turns.map((turn) =>
          rows.indexOf(rows.find((row) => row.turnId === turn.turnId)!),
        );
      expect(await ids({ tenant })).toEqual([3, 2, 1, 0]);
      expect(await ids({ tenant, outcome: 'stopped' })).toEqual([1]);
      expect(await ids({ tenant, model: 'claude-3' })).toEqual([2]);
      expect(await ids({ tenant, provider: 'openai' })).toEqual([3, 1, 0]);
      expect(await ids({ tenant, principalId: 'bob' })).toEqual([1]);
      expect(await ids({ tenant, conversationId: 'conv-2' })).toEqual([3]);
      expect(await ids({ tenant, tool: 'orders_cancel' })).toEqual([3, 1, 0]);
      expect(await ids({ tenant, tool: 'orders' })).toEqual([]);
      expect(await ids({ tenant, from: at(2), to: at(4) })).toEqual([2, 1]);
      expect(await ids({ tenant, from: '2030-01-02T08:00:00+08:00' })).toEqual([3, 2, 1]);
      expect((await ledger().list({ tenant: `${tenant}-x` }, { limit: 50 })).turns).toStrictEqual([rows[4]]);
    });

    it('reads the turns of a set of ids in one call: the tenant’s only, unknown ids skipped, none for no ids', async () => {
      const tenant = uniqueTenant();
      const [first, stopped, elsewhere, foreign] = [
        turnRecordFor(tenant, { startedAt: at(1) }),
        // An id an array literal would have to quote: the adapter must pass the ids as values, not as text.
        turnRecordFor(tenant, {
          turnId: `turn, "{stopped}" \\ ${crypto.randomUUID()}`,
          startedAt: at(2),
          outcome: 'stopped',
          errorCode: 'CANCELLED',
        }),
        turnRecordFor(tenant, { startedAt: at(3), conversationId: 'conv-2', principalId: 'bob' }),
        turnRecordFor(`${tenant}-x`, { startedAt: at(4) }),
      ] as const;
      for (const row of [first, stopped, elsewhere, foreign]) await ledger().record(row);
      const turnIds = [first, stopped, elsewhere, foreign].map((row) => row.turnId);
      const listed = async (filter: Parameters<TurnLedger['list']>[0], limit = 50) =>
        (await ledger().list(filter, { limit })).turns;

      expect(await listed({ tenant, turnIds: [...turnIds, 'unknown', first.turnId] })).toStrictEqual([
        elsewhere,
        stopped,
        first,
      ]);
      expect(await listed({ tenant, turnIds: [stopped.turnId] })).toStrictEqual([stopped]);
      expect(await listed({ tenant, turnIds: [] })).toStrictEqual([]);
      expect(await listed({ turnIds: [] })).toStrictEqual([]);
      expect(await listed({ tenant, turnIds: [foreign.turnId, 'unknown'] })).toStrictEqual([]);
      expect(await listed({ tenant: `${tenant}-x`, turnIds })).toStrictEqual([foreign]);
      expect(await listed({ tenant, turnIds, outcome: 'stopped' })).toStrictEqual([stopped]);
      expect(await listed({ tenant, turnIds, conversationId: 'conv-1', principalId: 'alice' })).toStrictEqual(
        [stopped, first],
      );
      expect(await listed({ tenant, turnIds, from: at(2) })).toStrictEqual([elsewhere, stopped]);
      const page = await ledger().list({ tenant, turnIds }, { limit: 2 });
      expect(page.turns).toStrictEqual([elsewhere, stopped]);
      expect(await ledger().list({ tenant, turnIds }, { limit: 2, cursor: page.next! })).toStrictEqual({
        turns: [first],
      });
      expect(await ledger().totals({ tenant, turnIds: [first.turnId, foreign.turnId] })).toMatchObject({
        requests: 1,
      });
      expect(await ledger().totals({ turnIds: [] })).toMatchObject({ requests: 0 });
      expect(
        (await ledger().summarize({ tenant, turnIds }, 'principal')).map((row) => [row.key, row.requests]),
      ).toEqual([
        ['alice', 2],
        ['bob', 1],
      ]);
    });

    it('pages through turns that started at the same moment without losing or repeating one', async () => {
      const tenant = uniqueTenant();
      const rows = Array.from({ length: 5 }, () => turnRecordFor(tenant, { startedAt: at(1) }));
      for (const row of rows) await ledger().record(row);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ledger().list({ tenant }, { limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.turns.map((turn) => turn.turnId));
        cursor = page.next;
      } while (cursor);
      expect(seen).toEqual(
        rows
          .map((row) => row.turnId)
          .sort()
          .reverse(),
      );
      await expect(ledger().list({ tenant }, { limit: 2, cursor: 'bad' })).rejects.toMatchObject({
        code: 'INVALID_FORMAT',
      });
      for (const cursor of editedCursors) {
        await expect(ledger().list({ tenant }, { limit: 2, cursor })).rejects.toMatchObject({
          code: 'INVALID_FORMAT',
          field: 'cursor',
        });
      }
      await expect(ledger().list({ tenant }, { limit: 501 })).rejects.toMatchObject({ code: 'OUT_OF_RANGE' });
      await expect(ledger().list({ tenant, from: 'yesterday' }, { limit: 2 })).rejects.toMatchObject({
        code: 'INVALID_FORMAT',
        field: 'from',
      });
    });

    it('sums costs without floating-point noise (0.1 + 0.2 is 0.3)', async () => {
      const tenant = uniqueTenant();
      for (const [minute, amount] of [
        [1, 0.1],
        [2, 0.2],
        [3, 0.0000012],
      ] as const) {
        await ledger().record(
          turnRecordFor(tenant, { startedAt: at(minute), cost: { amount, currency: 'USD' } }),
        );
      }
      expect((await ledger().totals({ tenant })).costs).toStrictEqual([
        { amount: 0.3000012, currency: 'USD' },
      ]);
      const [group] = await ledger().summarize({ tenant }, 'principal');
      expect(group?.costs).toStrictEqual([{ amount: 0.3000012, currency: 'USD' }]);
    });

    it('sums requests, tokens and cost per currency, and groups them', async () => {
      const tenant = uniqueTenant();
      await ledger().record(turnRecordFor(tenant, { startedAt: at(1, 5) }));
      await ledger().record(
        turnRecordFor(tenant, {
          startedAt: at(1, 50),
          principalId: 'bob',
          cost: { amount: 0.25, currency: 'USD' },
        }),
      );
      await ledger().record(
        turnRecordFor(tenant, {
          startedAt: at(2),
          model: 'qwen-max',
          provider: 'qwen',
          cost: { amount: 2, currency: 'CNY' },
        }),
      );
      const {
        model: _model,
        provider: _provider,
        cost: _cost,
        ...unpriced
      } = turnRecordFor(tenant, { startedAt: at(3) });
      await ledger().record(unpriced);
      expect(await ledger().totals({ tenant })).toStrictEqual({
        requests: 4,
        inputTokens: 4000,
        outputTokens: 2000,
        costs: [
          { amount: 2, currency: 'CNY' },
          { amount: 0.75, currency: 'USD' },
        ],
      });
      expect(await ledger().totals({ tenant: `${tenant}-none` })).toStrictEqual({
        requests: 0,
        inputTokens: 0,
        outputTokens: 0,
        costs: [],
      });
      const row = (
        key: string | null,
        requests: number,
        costs: Array<{ amount: number; currency: string }>,
      ) => ({
        key,
        requests,
        inputTokens: requests * 1000,
        outputTokens: requests * 500,
        costs,
      });
      expect(await ledger().summarize({ tenant }, 'model')).toStrictEqual([
        row('gpt-4o-mini-2024-07-18', 2, [{ amount: 0.75, currency: 'USD' }]),
        row('qwen-max', 1, [{ amount: 2, currency: 'CNY' }]),
        row(null, 1, []),
      ]);
      expect(
        (await ledger().summarize({ tenant }, 'provider')).map((each) => [each.key, each.requests]),
      ).toEqual([
        ['openai', 2],
        ['qwen', 1],
        [null, 1],
      ]);
      expect(
        (await ledger().summarize({ tenant }, 'principal')).map((each) => [each.key, each.requests]),
      ).toEqual([
        ['alice', 3],
        ['bob', 1],
      ]);
      expect(
        (await ledger().summarize({ tenant }, 'tenant')).map((each) => [each.key, each.requests]),
      ).toEqual([[tenant, 4]]);
      expect(
        (await ledger().summarize({ tenant, from: at(1), to: at(3) }, 'day')).map((each) => [
          each.key,
          each.requests,
        ]),
      ).toEqual([
        ['2030-01-01', 2],
        ['2030-01-02', 1],
      ]);
    });

    it('settles a call waiting for approval once, in its own tenant only, and no other call', async () => {
      const [tenant, other] = [uniqueTenant(), uniqueTenant()];
      const waiting = { toolCallId: 'call_2', toolName: 'orders_cancel', outcome: 'approval_pending' };
      const turn = turnRecordFor(tenant, {
        toolCalls: [...turnRecordFor(tenant).toolCalls, waiting, { ...waiting, toolCallId: 'call_3' }],
      });
      await ledger().record(turn);
      const settle = (toolCallId: string, outcome: string, owner = tenant, turnId = turn.turnId) =>
        ledger().settleToolCall(turnId, { tenant: owner, toolCallId, outcome });
      expect(await settle('call_2', 'ok', other)).toBe(false);
      expect(await settle('call_2', 'ok', tenant, crypto.randomUUID())).toBe(false);
      expect(await settle('call_0', 'approval_declined')).toBe(false);
      expect(await settle('call_2', 'approval_declined')).toBe(true);
      expect(await settle('call_2', 'ok')).toBe(false);
      expect((await ledger().get(turn.turnId))?.toolCalls).toEqual([
        ...turnRecordFor(tenant).toolCalls,
        { ...waiting, outcome: 'approval_declined' },
        { ...waiting, toolCallId: 'call_3' },
      ]);
    });

    it('trims turns that started before a cutoff, of one tenant or of all', async () => {
      const [first, second] = [uniqueTenant(), uniqueTenant()];
      const old = (tenant: string) =>
        turnRecordFor(tenant, {
          startedAt: '2001-01-01T00:00:00.000Z',
          finishedAt: '2001-01-01T00:00:01.000Z',
        });
      const kept = turnRecordFor(first, { startedAt: '2001-03-02T00:00:00.000Z' });
      for (const row of [old(first), old(second), kept]) await ledger().record(row);
      await expect(ledger().trim({ before: 'soon' })).rejects.toMatchObject({ code: 'INVALID_FORMAT' });
      for (const [before, code] of refusedCutoffs) {
        await expect(ledger().trim({ before }), before).rejects.toMatchObject({ code, field: 'before' });
      }
      expect((await ledger().list({ tenant: first }, { limit: 10 })).turns).toHaveLength(2);
      expect(await ledger().trim({ before: '2001-03-01T00:00:00.000Z', tenant: first })).toBe(1);
      expect((await ledger().list({ tenant: second }, { limit: 10 })).turns).toHaveLength(1);
      expect(await ledger().trim({ before: '2001-03-01T00:00:00.000Z' })).toBe(1);
      expect((await ledger().list({ tenant: second }, { limit: 10 })).turns).toHaveLength(0);
      expect((await ledger().list({ tenant: first }, { limit: 10 })).turns).toStrictEqual([kept]);
    });
  });
}
