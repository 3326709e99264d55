import type { Caller } from '@opwire/core';
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
  const askAs = (caller: Caller, toolCallId: string, input: unknown = { orderId: order.id }) =>
    catalog.bind(caller, { conversationId: 'conv-1' }).orders_cancel!.execute!(input, {
      toolCallId,
      messages: [],
      context: {} as never,
    });
  const ask = (toolCallId: string, input?: unknown) => askAs(fixtureCallers.support, toolCallId, input);
  return { ...fixture, approvals, order, ask, askAs, advance: (ms: number) => (now += ms) };
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
        message: 'This action waits for the user to approve it; tell the user what you asked to do.',
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

  it('tells the model about the pending approval in the caller locale', async () => {
    const { askAs } = setup();
    expect(await askAs({ ...fixtureCallers.support, locale: 'zh-CN' }, 'call-1')).toMatchObject({
      approval: { status: 'pending', message: '此操作正在等待用户批准；请告诉用户你请求执行的操作。' },
    });
  });

  it('keeps the same provider tool-call id of two users apart, each run only by its owner', async () => {
    const { askAs, approvals, seed, app } = setup();
    const mine = seed();
    const theirs = seed();
    const admin = fixtureCallers.admin;
    expect(await askAs(fixtureCallers.support, 'call_0', { orderId: mine.id })).toMatchObject({
      approval: { status: 'pending', toolCallId: 'call_0', input: { orderId: mine.id } },
    });
    expect(await askAs(admin, 'call_0', { orderId: theirs.id })).toMatchObject({
      approval: { status: 'pending', toolCallId: 'call_0', input: { orderId: theirs.id } },
    });
    expect((await approvals.pending(admin)).map((each) => each.input)).toEqual([{ orderId: theirs.id }]);

    expect(await approvals.approve('call_0', fixtureCallers.support)).toMatchObject({
      output: { id: mine.id, status: 'cancelled' },
    });
    expect(theirs.status).toBe('open');
    expect(await approvals.pending(admin)).toHaveLength(1);
    expect(await approvals.decline('call_0', admin)).toEqual({ toolCallId: 'call_0', status: 'declined' });
    expect(theirs.status).toBe('open');
    expect(await app.audit.list({ operationId: 'orders.cancel' })).toEqual([
      expect.objectContaining({ principalId: 'user-support', outcome: 'ok' }),
    ]);
  });

  it('answers a repeated tool-call id of the same caller with CONFLICT and keeps the first', async () => {
    const { ask, approvals, order } = setup();
    await ask('call_0');
    expect(await ask('call_0', { orderId: 'order-other' })).toEqual({
      error: { code: 'CONFLICT', message: 'The request conflicts with the current state.' },
    });
    expect((await approvals.pending(fixtureCallers.support)).map((each) => each.input)).toEqual([
      { orderId: order.id },
    ]);
  });

  it('lists only the approvals that have not expired', async () => {
    const { ask, approvals, advance } = setup();
    await ask('old');
    advance(30_000);
    await ask('new');
    advance(30_000);
    expect((await approvals.pending(fixtureCallers.support)).map((each) => each.toolCallId)).toEqual(['new']);
  });
});
