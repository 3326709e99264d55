import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { type Caller, isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { createAiMetrics } from '../ai-metrics.js';
import { createGovernance } from '../governance/create-governance.js';
import { createOrdersFixture, fixtureCallers } from '../testing/orders-fixture.js';
import { createToolCatalog } from '../tool-catalog.js';
import { createApprovals } from './create-approvals.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function setup(options: { ttlMs?: number; maxPending?: number } = {}) {
  const fixture = createOrdersFixture({ cancelNeedsApproval: true });
  let now = Date.parse('2030-01-01T00:00:00Z');
  const governance = createGovernance({ now: () => now });
  const approvals = createApprovals({
    app: fixture.app,
    ttlMs: options.ttlMs ?? 60_000,
    ...(options.maxPending === undefined ? {} : { maxPending: options.maxPending }),
    events: governance,
    now: () => now,
  });
  const catalog = createToolCatalog({ app: fixture.app, approvals });
  const order = fixture.seed();
  const askAs = async (
    caller: Caller,
    toolCallId: string,
    input: unknown = { orderId: order.id },
    turnId = 'turn-1',
  ) =>
    (await catalog.bind(caller, { conversationId: 'conv-1', turnId }).orders_cancel!.execute!(input, {
      toolCallId,
      messages: [],
      context: {} as never,
    })) as { approval?: { approvalId: string; [key: string]: unknown }; error?: { code: string } };
  const ask = (toolCallId: string, input?: unknown, turnId?: string) =>
    askAs(fixtureCallers.support, toolCallId, input, turnId);
  const idOf = async (pending: Promise<{ approval?: { approvalId: string } }>) => {
    const approvalId = (await pending).approval?.approvalId;
    if (!approvalId) throw new Error('expected a pending approval');
    return approvalId;
  };
  return { ...fixture, approvals, governance, order, ask, askAs, idOf, advance: (ms: number) => (now += ms) };
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isOpwireError(error) ? error.code : String(error)),
  );

describe('approvals', () => {
  it('answers a model call with a pending approval under a server-minted id and runs nothing', async () => {
    const { ask, order, approvals } = setup();
    const result = await ask('call-1');
    expect(result).toEqual({
      approval: {
        status: 'pending',
        approvalId: expect.stringMatching(uuid),
        toolName: 'orders_cancel',
        input: { orderId: order.id },
        expiresAt: '2030-01-01T00:01:00.000Z',
        message: 'This action waits for the user to approve it; tell the user what you asked to do.',
      },
    });
    expect(order.status).toBe('open');
    expect(await approvals.pending(fixtureCallers.support)).toMatchObject([
      {
        approvalId: result.approval?.approvalId,
        toolCallId: 'call-1',
        turnId: 'turn-1',
        conversationId: 'conv-1',
      },
    ]);
  });

  it('runs exactly the approved call once, as the caller who approves, traced to its turn', async () => {
    const { ask, idOf, order, approvals, app } = setup();
    const approvalId = await idOf(ask('call-1'));
    expect(await approvals.approve(approvalId, fixtureCallers.support)).toEqual({
      approvalId,
      status: 'approved',
      output: expect.objectContaining({ id: order.id, status: 'cancelled' }),
    });
    expect(await codeOf(approvals.approve(approvalId, fixtureCallers.support))).toBe(
      'APPROVAL_ALREADY_SETTLED',
    );
    expect(await codeOf(approvals.decline(approvalId, fixtureCallers.support))).toBe(
      'APPROVAL_ALREADY_SETTLED',
    );
    const records = await app.audit.list({ operationId: 'orders.cancel' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ origin: 'ai', principalId: 'user-support', outcome: 'ok' });
  });

  it('names the status of a settled approval in the language of the caller when it is decided again', async () => {
    const { ask, idOf, approvals } = setup();
    const messagesOf = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      if (!isOpwireError(error)) throw new Error('expected an OpwireError');
      return [error.code, error.localize('en'), error.localize('zh-CN')];
    };
    // Both asked before either is decided: once the order is cancelled, the precheck refuses a new ask.
    const approved = await idOf(ask('approved'));
    const declined = await idOf(ask('declined'));
    await approvals.approve(approved, fixtureCallers.support);
    expect(await messagesOf(approvals.decline(approved, fixtureCallers.support))).toEqual([
      'APPROVAL_ALREADY_SETTLED',
      `The approval "${approved}" was already approved.`,
      `审批“${approved}”已批准，不能再次处理。`,
    ]);
    await approvals.decline(declined, fixtureCallers.support);
    expect(await messagesOf(approvals.approve(declined, fixtureCallers.support))).toEqual([
      'APPROVAL_ALREADY_SETTLED',
      `The approval "${declined}" was already declined.`,
      `审批“${declined}”已拒绝，不能再次处理。`,
    ]);
  });

  it('rejects invalid arguments at once instead of asking for approval', async () => {
    const { ask, approvals } = setup();
    expect(await ask('call-1', { orderId: 5 })).toMatchObject({
      error: { code: 'WRONG_TYPE', field: 'orderId' },
    });
    expect(await approvals.pending(fixtureCallers.support)).toEqual([]);
  });

  it('never runs a declined, expired, foreign, unknown or mismatched approval', async () => {
    const { ask, idOf, order, approvals, advance } = setup();
    const declined = await idOf(ask('declined'));
    expect(await approvals.decline(declined, fixtureCallers.support)).toEqual({
      approvalId: declined,
      status: 'declined',
    });
    expect(await codeOf(approvals.approve(declined, fixtureCallers.support))).toBe(
      'APPROVAL_ALREADY_SETTLED',
    );

    const foreign = await idOf(ask('foreign'));
    expect(await codeOf(approvals.approve(foreign, fixtureCallers.admin))).toBe('APPROVAL_NOT_FOUND');
    expect(await codeOf(approvals.decline(foreign, { ...fixtureCallers.support, tenant: 'globex' }))).toBe(
      'APPROVAL_NOT_FOUND',
    );
    expect(await codeOf(approvals.approve(crypto.randomUUID(), fixtureCallers.support))).toBe(
      'APPROVAL_NOT_FOUND',
    );

    const mismatch = await idOf(ask('mismatch'));
    expect(
      await codeOf(
        approvals.approve(mismatch, fixtureCallers.support, { input: { orderId: 'order-other' } }),
      ),
    ).toBe('APPROVAL_MISMATCH');

    const stale = await idOf(ask('stale'));
    advance(60_001);
    expect(await codeOf(approvals.approve(stale, fixtureCallers.support))).toBe('APPROVAL_EXPIRED');
    expect(await codeOf(approvals.approve(foreign, fixtureCallers.support))).toBe('APPROVAL_EXPIRED');
    expect(order.status).toBe('open');
  });

  it('lets only one of concurrent approvals run', async () => {
    const { ask, idOf, approvals, app } = setup();
    const approvalId = await idOf(ask('call-1'));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => approvals.approve(approvalId, fixtureCallers.support)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await app.audit.list({ operationId: 'orders.cancel' })).toHaveLength(1);
  });

  it('tells the model about the pending approval in the caller locale', async () => {
    const { askAs } = setup();
    expect(await askAs({ ...fixtureCallers.support, locale: 'zh-CN' }, 'call-1')).toMatchObject({
      approval: { status: 'pending', message: '此操作正在等待用户批准；请告诉用户你请求执行的操作。' },
    });
  });

  it('gives a model repeating a tool-call id across turns two separate approvals', async () => {
    const { ask, idOf, approvals, seed, advance } = setup();
    const [first, second] = [seed(), seed()];
    const firstId = await idOf(ask('call_0', { orderId: first.id }, 'turn-1'));
    advance(1_000);
    const secondId = await idOf(ask('call_0', { orderId: second.id }, 'turn-2'));
    expect(firstId).not.toBe(secondId);
    expect(
      (await approvals.pending(fixtureCallers.support)).map((each) => [each.toolCallId, each.turnId]),
    ).toEqual([
      ['call_0', 'turn-1'],
      ['call_0', 'turn-2'],
    ]);
    expect(await approvals.approve(secondId, fixtureCallers.support)).toMatchObject({
      output: { id: second.id, status: 'cancelled' },
    });
    expect(first.status).toBe('open');
    expect(await approvals.decline(firstId, fixtureCallers.support)).toMatchObject({ status: 'declined' });
    expect(first.status).toBe('open');
  });

  it('keeps the same tool-call id of two users apart, each run only by its owner', async () => {
    const { askAs, idOf, approvals, seed } = setup();
    const [mine, theirs] = [seed(), seed()];
    const mineId = await idOf(askAs(fixtureCallers.support, 'call_0', { orderId: mine.id }));
    const theirsId = await idOf(askAs(fixtureCallers.admin, 'call_0', { orderId: theirs.id }));
    expect(await codeOf(approvals.approve(theirsId, fixtureCallers.support))).toBe('APPROVAL_NOT_FOUND');
    await approvals.approve(mineId, fixtureCallers.support);
    expect([mine.status, theirs.status]).toEqual(['cancelled', 'open']);
    expect((await approvals.pending(fixtureCallers.admin)).map((each) => each.approvalId)).toEqual([
      theirsId,
    ]);
  });

  it('refuses approvals past the cap of pending ones with a clear error the model reads', async () => {
    const { ask, idOf, approvals } = setup({ maxPending: 2 });
    const first = await idOf(ask('call_1'));
    await idOf(ask('call_2'));
    expect(await ask('call_3')).toEqual({
      error: {
        code: 'APPROVAL_LIMIT_REACHED',
        message: 'There are already 2 actions waiting for approval; approve or decline them first.',
      },
    });
    expect(await approvals.pending(fixtureCallers.support)).toHaveLength(2);
    await approvals.decline(first, fixtureCallers.support);
    expect(await ask('call_3')).toMatchObject({ approval: { status: 'pending' } });
    expect(() => createApprovals({ app: createOrdersFixture().app, maxPending: 0 })).toThrow(/maxPending/);
  });

  it('lists only the approvals that have not expired', async () => {
    const { ask, approvals, advance } = setup();
    await ask('old');
    advance(30_000);
    await ask('new');
    advance(30_000);
    expect((await approvals.pending(fixtureCallers.support)).map((each) => each.toolCallId)).toEqual(['new']);
  });

  it('records requested, approved and declined events in the turn of the call', async () => {
    const { ask, idOf, approvals, governance } = setup();
    const approved = await idOf(ask('call_a', undefined, 'turn-9'));
    const declined = await idOf(ask('call_b', undefined, 'turn-9'));
    await approvals.approve(approved, fixtureCallers.support);
    await approvals.decline(declined, fixtureCallers.support);
    const events = await governance.events.forTurn('turn-9', 'acme');
    expect(events.map((event) => [event.sequence, event.action, event.toolCallId, event.code])).toEqual([
      [1, 'approval_requested', 'call_a', undefined],
      [2, 'approval_requested', 'call_b', undefined],
      [3, 'approval_approved', 'call_a', 'ok'],
      [4, 'approval_declined', 'call_b', undefined],
    ]);
    expect(events[0]).toMatchObject({
      principalId: 'user-support',
      conversationId: 'conv-1',
      toolName: 'orders_cancel',
      payload: { approvalId: approved, operationId: 'orders.cancel', input: { orderId: expect.any(String) } },
    });
  });
});

describe('approval steps on opwire.ai.approvals', () => {
  /** `opwire.ai.approvals` on an in-memory reader, as `"<tool> <decision>" → count`. */
  function meter() {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });
    const meterProvider = new MeterProvider({ readers: [reader] });
    const steps = async () => {
      await reader.forceFlush();
      const metric = exporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((scope) => scope.metrics)
        .find((found) => found.descriptor.name === 'opwire.ai.approvals');
      return Object.fromEntries(
        (metric?.dataPoints ?? []).map((point) => [
          `${point.attributes['gen_ai.tool.name']} ${point.attributes['opwire.ai.approval.decision']}`,
          point.value,
        ]),
      );
    };
    return { metrics: createAiMetrics({ meterProvider }), steps };
  }

  it("counts an approval of no turn (an MCP client's) on the governance's meters, once per step", async () => {
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    const { metrics, steps } = meter();
    const governance = createGovernance({ metrics });
    const approvals = createApprovals({ app: fixture.app, store: governance.approvals, events: governance });
    const caller = fixtureCallers.support;
    const request = (orderId: string) =>
      approvals.request({
        toolCallId: 'mcp:session:1',
        toolName: 'orders_cancel',
        operation: fixture.operations.find((operation) => operation.id === 'orders.cancel')!,
        input: { orderId },
        caller,
      });
    const [first, second] = [await request(fixture.seed().id), await request(fixture.seed().id)];
    await approvals.approve(String(first.approval.approvalId), caller);
    await approvals.decline(String(second.approval.approvalId), caller);
    await expect(approvals.decline(String(first.approval.approvalId), caller)).rejects.toThrow();
    // Asked and answered in an MCP client (elicitation): counted here too, nothing stored.
    approvals.countAnswered({ toolName: 'orders_cancel', approved: true });
    expect(await steps()).toEqual({
      'orders_cancel requested': 3,
      'orders_cancel approved': 2,
      'orders_cancel declined': 1,
    });
    expect(await approvals.pending(caller)).toEqual([]);
  });
});
