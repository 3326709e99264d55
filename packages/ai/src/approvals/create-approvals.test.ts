import { describe, expect, it } from 'vitest';
import { createOrdersFixture, fixtureCallers } from '../testing/orders-fixture.js';
import { createToolCatalog } from '../tool-catalog.js';
import { createApprovals } from './create-approvals.js';

function setup(ttlMs = 60_000) {
  const fixture = createOrdersFixture({ cancelNeedsApproval: true });
  let now = Date.parse('2030-01-01T00:00:00Z');
  const approvals = createApprovals({ app: fixture.app, ttlMs, now: () => now });
  const catalog = createToolCatalog({ app: fixture.app, approvals });
  const order = fixture.seed();
  const tools = catalog.bind(fixtureCallers.support, { conversationId: 'conv-1' });
  const ask = (toolCallId: string, input: unknown = { orderId: order.id }) =>
    tools.orders_cancel!.execute!(input, { toolCallId, messages: [], context: {} as never });
  return { ...fixture, approvals, order, ask, advance: (ms: number) => (now += ms) };
}

describe('approvals', () => {
  it('answers a model call with a pending approval and runs nothing', async () => {
    const { ask, order, approvals } = setup();
    expect(await ask('call-1')).toEqual({
      approval: {
        status: 'pending',
        toolCallId: 'call-1',
        toolName: 'orders_cancel',
        input: { orderId: order.id },
        expiresAt: '2030-01-01T00:01:00.000Z',
        message: expect.any(String),
      },
    });
    expect(order.status).toBe('open');
    expect(await approvals.pending(fixtureCallers.support)).toHaveLength(1);
  });

  it('runs exactly the approved call once, as the caller who approves', async () => {
    const { ask, order, approvals, app } = setup();
    await ask('call-1');
    const approved = await approvals.approve('call-1', fixtureCallers.support);
    expect(approved).toEqual({
      toolCallId: 'call-1',
      status: 'approved',
      output: expect.objectContaining({ id: order.id, status: 'cancelled' }),
    });
    await expect(approvals.approve('call-1', fixtureCallers.support)).rejects.toMatchObject({
      code: 'APPROVAL_ALREADY_SETTLED',
    });
    const records = await app.audit.list({ operationId: 'orders.cancel' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ origin: 'ai', principalId: 'user-support' });
  });

  it('rejects invalid arguments at once instead of asking for approval', async () => {
    const { ask, approvals } = setup();
    expect(await ask('call-1', { orderId: 5 })).toMatchObject({
      error: { code: 'WRONG_TYPE', field: 'orderId' },
    });
    await expect(approvals.approve('call-1', fixtureCallers.support)).rejects.toMatchObject({
      code: 'APPROVAL_NOT_FOUND',
    });
  });

  it('never runs a declined, expired, foreign or mismatched approval', async () => {
    const { ask, order, approvals, advance } = setup();
    await ask('declined');
    expect(await approvals.decline('declined', fixtureCallers.support)).toEqual({
      toolCallId: 'declined',
      status: 'declined',
    });
    await expect(approvals.approve('declined', fixtureCallers.support)).rejects.toMatchObject({
      code: 'APPROVAL_ALREADY_SETTLED',
    });

    await ask('foreign');
    await expect(approvals.approve('foreign', fixtureCallers.admin)).rejects.toMatchObject({
      code: 'APPROVAL_NOT_FOUND',
    });
    await expect(
      approvals.approve('foreign', { ...fixtureCallers.support, tenant: 'globex' }),
    ).rejects.toMatchObject({ code: 'APPROVAL_NOT_FOUND' });

    await ask('mismatch');
    await expect(
      approvals.approve('mismatch', fixtureCallers.support, { input: { orderId: 'order-other' } }),
    ).rejects.toMatchObject({ code: 'APPROVAL_MISMATCH' });

    await ask('stale');
    advance(60_001);
    await expect(approvals.approve('stale', fixtureCallers.support)).rejects.toMatchObject({
      code: 'APPROVAL_EXPIRED',
    });
    expect(order.status).toBe('open');
  });

  it('lets only one of two concurrent approvals run', async () => {
    const { ask, approvals, app } = setup();
    await ask('call-1');
    const outcomes = await Promise.allSettled([
      approvals.approve('call-1', fixtureCallers.support),
      approvals.approve('call-1', fixtureCallers.support),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await app.audit.list({ operationId: 'orders.cancel' })).toHaveLength(1);
  });
});
