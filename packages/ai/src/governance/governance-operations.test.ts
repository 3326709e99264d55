import { type Caller, createOpwire, isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { aiAuditActions } from './ai-audit-trail.js';
import { createGovernance } from './create-governance.js';
import { createGovernanceOperations } from './governance-operations.js';
import { actionSchema } from './governance-schemas.js';

const admin: Caller = {
  principalId: 'root',
  tenant: 'acme',
  permissions: ['governance:read', 'governance:write'],
};
const reader: Caller = { principalId: 'auditor', tenant: 'acme', permissions: ['governance:read'] };
const customer: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['orders:read'] };
const globexAdmin: Caller = { ...admin, principalId: 'gina', tenant: 'globex' };
const at = (day: number, hour = 0) => Date.UTC(2030, 0, day, hour);

async function setup() {
  let now = at(1);
  const governance = createGovernance({
    prices: { 'gpt-4o-mini': { inputPerMillion: 1, outputPerMillion: 2, currency: 'USD' } },
    now: () => now,
  });
  const app = createOpwire({ operations: createGovernanceOperations({ governance, now: () => now }) });
  const turn = async (
    caller: Caller,
    day: number,
    build: (turn: ReturnType<typeof governance.startTurn>) => void,
  ) => {
    now = at(day);
    const started = governance.startTurn({
      caller,
      provider: 'openai',
      requestedModel: 'gpt-4o-mini',
      request: { message: 'hi' },
    });
    build(started);
    now += 500;
    return started.finish({ outcome: 'completed' });
  };
  const first = await turn({ ...customer, principalId: 'alice' }, 1, (each) => {
    each.answeredBy({ model: 'gpt-4o-mini' });
    each.addUsage({ inputTokens: 1_000_000, outputTokens: 0 });
    each.toolCall({ toolCallId: 'c1', toolName: 'orders_cancel', input: { orderId: '1' } });
    each.toolResult({
      toolCallId: 'c1',
      toolName: 'orders_cancel',
      output: { error: { code: 'PERMISSION_DENIED' } },
    });
  });
  const second = await turn({ ...customer, principalId: 'bob' }, 2, (each) => {
    each.answeredBy({ model: 'gpt-4o-mini' });
    each.addUsage({ inputTokens: 0, outputTokens: 1_000_000 });
  });
  const foreign = await turn(globexAdmin, 2, () => {});
  now = at(3);
  const call = async (operationId: string, input: unknown, caller: Caller = reader) => {
    try {
      return { value: (await app.invoke(operationId, input, { caller })) as any };
    } catch (error) {
      if (isOpwireError(error)) return { code: error.code, ...(error.field ? { field: error.field } : {}) };
      throw error;
    }
  };
  return { governance, app, call, first, second, foreign, advance: (ms: number) => (now += ms) };
}

describe('governance operations', () => {
  it('list the tenant turns newest first, filtered and paged, with totals of everything matched', async () => {
    const { call, first, second } = await setup();
    const all = await call('governance.listTurns', {});
    expect(all.value.turns.map((turn: { turnId: string }) => turn.turnId)).toEqual([
      second.turnId,
      first.turnId,
    ]);
    expect(all.value.totals).toEqual({
      requests: 2,
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      costs: [{ amount: 3, currency: 'USD' }],
      currency: 'USD',
    });
    expect(all.value.turns[1]).toStrictEqual(first);
    const paged = await call('governance.listTurns', { limit: 1 });
    expect(paged.value.turns).toStrictEqual([second]);
    expect(paged.value.totals.requests).toBe(2);
    const rest = await call('governance.listTurns', { limit: 1, cursor: paged.value.next });
    expect(rest.value).toStrictEqual({ turns: [first], totals: all.value.totals });
    for (const [filter, expected] of [
      [{ tool: 'orders_cancel' }, [first.turnId]],
      [{ principalId: 'bob' }, [second.turnId]],
      [{ outcome: 'failed' }, []],
      [{ model: 'gpt-4o-mini', provider: 'openai' }, [second.turnId, first.turnId]],
      [{ from: '2030-01-02T00:00:00Z' }, [second.turnId]],
      [{ to: '2030-01-02T00:00:00Z' }, [first.turnId]],
    ] as const) {
      const listed = await call('governance.listTurns', filter);
      expect(
        listed.value.turns.map((turn: { turnId: string }) => turn.turnId),
        JSON.stringify(filter),
      ).toEqual(expected);
    }
  });

  it('answer bad filters with a specific code and field', async () => {
    const { call } = await setup();
    const cases: Array<[unknown, { code: string; field?: string }]> = [
      [{ limit: 0 }, { code: 'OUT_OF_RANGE', field: 'limit' }],
      [{ limit: 201 }, { code: 'OUT_OF_RANGE', field: 'limit' }],
      [{ limit: '10' }, { code: 'WRONG_TYPE', field: 'limit' }],
      [{ from: 'yesterday' }, { code: 'INVALID_FORMAT', field: 'from' }],
      [
        { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' },
        { code: 'OUT_OF_RANGE', field: 'to' },
      ],
      [{ cursor: 'not-a-cursor' }, { code: 'INVALID_FORMAT', field: 'cursor' }],
      [{ outcome: 'done' }, { code: 'INVALID_ENUM', field: 'outcome' }],
      [{ model: '' }, { code: 'OUT_OF_RANGE', field: 'model' }],
      [{ tool: 'x'.repeat(65) }, { code: 'OUT_OF_RANGE', field: 'tool' }],
      [{ tenant: 'globex' }, { code: 'UNKNOWN_FIELD', field: 'tenant' }],
    ];
    for (const [input, expected] of cases) {
      expect(await call('governance.listTurns', input), JSON.stringify(input)).toEqual(expected);
    }
  });

  it('keep every tenant to its own turns and events, and need governance:read', async () => {
    const { call, first, foreign } = await setup();
    expect(await call('governance.listTurns', {}, customer)).toEqual({ code: 'PERMISSION_DENIED' });
    expect(await call('governance.getTurn', { turnId: first.turnId }, globexAdmin)).toEqual({
      code: 'NOT_FOUND',
    });
    expect(await call('governance.getTurn', { turnId: foreign.turnId })).toEqual({ code: 'NOT_FOUND' });
    expect((await call('governance.listTurns', {}, globexAdmin)).value.turns).toStrictEqual([foreign]);
    expect(
      (await call('governance.listAudit', {}, globexAdmin)).value.events.map(
        (event: { turnId: string }) => event.turnId,
      ),
    ).toEqual([foreign.turnId]);
  });

  it('return a turn with its tool calls and its events in sequence, and a running turn by its events', async () => {
    const { call, first, governance } = await setup();
    const read = await call('governance.getTurn', { turnId: first.turnId });
    expect(read.value.turn).toStrictEqual(first);
    expect(read.value.turn.toolCalls).toEqual([
      { toolCallId: 'c1', toolName: 'orders_cancel', outcome: 'PERMISSION_DENIED' },
    ]);
    expect(
      read.value.events.map(
        (event: { sequence: number; action: string }) => `${event.sequence}:${event.action}`,
      ),
    ).toEqual(['1:request', '2:tool_call', '3:tool_result']);
    const running = governance.startTurn({ caller: customer, request: { message: 'still going' } });
    await running.flush();
    const live = await call('governance.getTurn', { turnId: running.turnId });
    expect(live.value).not.toHaveProperty('turn');
    expect(live.value.events).toHaveLength(1);
    expect(await call('governance.getTurn', { turnId: crypto.randomUUID() })).toEqual({ code: 'NOT_FOUND' });
  });

  it('list AI audit events newest first, by action, turn and principal, page by page', async () => {
    const { call, first, second } = await setup();
    const all = await call('governance.listAudit', {});
    expect(
      all.value.events.map((event: { turnId: string; action: string }) => [event.turnId, event.action]),
    ).toEqual([
      [second.turnId, 'request'],
      [first.turnId, 'tool_result'],
      [first.turnId, 'tool_call'],
      [first.turnId, 'request'],
    ]);
    expect((await call('governance.listAudit', { action: 'request' })).value.events).toHaveLength(2);
    expect((await call('governance.listAudit', { turnId: first.turnId })).value.events).toHaveLength(3);
    expect((await call('governance.listAudit', { principalId: 'bob' })).value.events).toHaveLength(1);
    const page = await call('governance.listAudit', { limit: 3 });
    const rest = await call('governance.listAudit', { limit: 3, cursor: page.value.next });
    expect([...page.value.events, ...rest.value.events]).toStrictEqual(all.value.events);
    expect(await call('governance.listAudit', { action: 'chat' })).toEqual({
      code: 'INVALID_ENUM',
      field: 'action',
    });
    expect(actionSchema.anyOf.map((literal: { const: string }) => literal.const)).toEqual(aiAuditActions);
  });

  it('summarize cost over the last 30 days by default, or a range', async () => {
    const { app, call } = await setup();
    const summary = await call('governance.summarizeCost', {});
    expect(summary.value).toMatchObject({
      from: '2029-12-04T00:00:00.000Z',
      to: '2030-01-03T00:00:00.000Z',
      totals: { requests: 2, costs: [{ amount: 3, currency: 'USD' }] },
      byModel: [{ key: 'gpt-4o-mini', requests: 2 }],
      byProvider: [{ key: 'openai', requests: 2 }],
      byPrincipal: [
        { key: 'alice', requests: 1, costs: [{ amount: 1, currency: 'USD' }] },
        { key: 'bob', requests: 1 },
      ],
      byTenant: [{ key: 'acme', requests: 2 }],
      byDay: [
        { key: '2030-01-01', requests: 1 },
        { key: '2030-01-02', requests: 1 },
      ],
    });
    const one = await call('governance.summarizeCost', {
      from: '2030-01-02T00:00:00Z',
      to: '2030-01-03T00:00:00Z',
    });
    expect(one.value.totals.requests).toBe(1);
    // Without a `to` the range ends now: a `from` after now is the field at fault.
    expect(await call('governance.summarizeCost', { from: '2030-01-03T00:00:00Z' })).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'from',
    });
    // Without a `from`, a `to` at the earliest time leaves no range before it: `to` is at fault, not the
    // `from` the client never sent.
    await expect(
      app.invoke('governance.summarizeCost', { to: '0001-01-01T00:00:00Z' }, { caller: reader }),
    ).rejects.toMatchObject({
      code: 'OUT_OF_RANGE',
      field: 'to',
      message: 'Field "to" is out of range (expected a time after 0001-01-01T00:00:00Z).',
    });
  });

  it('name the price table’s currency in the totals, so a sum of no turns is shown in it', async () => {
    const governance = createGovernance({
      prices: {
        'qwen-plus': { inputPerMillion: 0.8, outputPerMillion: 2, currency: 'CNY' },
        'qwen-max': { inputPerMillion: 2.4, outputPerMillion: 9.6, currency: 'CNY' },
        'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' },
      },
      now: () => at(3),
    });
    const app = createOpwire({ operations: createGovernanceOperations({ governance, now: () => at(3) }) });
    const none = { requests: 0, inputTokens: 0, outputTokens: 0, costs: [], currency: 'CNY' };
    expect(await app.invoke('governance.listTurns', {}, { caller: reader })).toEqual({
      turns: [],
      totals: none,
    });
    expect(await app.invoke('governance.summarizeCost', {}, { caller: reader })).toMatchObject({
      totals: none,
    });
    // Without prices there is no currency to name: the totals say nothing of one.
    const unpriced = createOpwire({
      operations: createGovernanceOperations({ governance: createGovernance({}), now: () => at(3) }),
    });
    const { totals } = (await unpriced.invoke('governance.listTurns', {}, { caller: reader })) as {
      totals: Record<string, unknown>;
    };
    expect(totals).toStrictEqual({ requests: 0, inputTokens: 0, outputTokens: 0, costs: [] });
  });

  it("trim only the caller's tenant and need governance:write", async () => {
    const { call, advance } = await setup();
    expect(await call('governance.trim', { olderThanDays: 1 }, reader)).toEqual({
      code: 'PERMISSION_DENIED',
    });
    expect(await call('governance.trim', { olderThanDays: 0 }, admin)).toEqual({
      code: 'OUT_OF_RANGE',
      field: 'olderThanDays',
    });
    advance(2 * 86_400_000);
    expect((await call('governance.trim', { olderThanDays: 1 }, admin)).value).toEqual({
      before: '2030-01-04T00:00:00.000Z',
      turns: 2,
      events: 4,
    });
    expect((await call('governance.listTurns', {}, globexAdmin)).value.turns).toHaveLength(1);
  });
});
