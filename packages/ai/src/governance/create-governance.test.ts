import {
  type Caller,
  createMemoryAuditLog,
  describeError,
  isOpwireError,
  type OpwireError,
} from '@opwire/core';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { aiErrors } from '../ai-errors.js';
import { createMemoryApprovalStore } from '../approvals/memory-approval-store.js';
import { createGovernance, type GovernanceOptions } from './create-governance.js';
import { createMemoryTurnLedger } from './memory-turn-ledger.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: [] };
const bob: Caller = { principalId: 'bob', tenant: 'acme', permissions: [] };
const start = Date.parse('2030-01-01T10:00:00Z');
const prices = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' } };

function setup(options: GovernanceOptions = {}) {
  let now = start;
  const logged: string[] = [];
  const governance = createGovernance({
    prices,
    now: () => now,
    logger: { error: (message) => logged.push(message), warn: (message) => logged.push(message) },
    ...options,
  });
  return { governance, logged, advance: (ms: number) => (now += ms) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (isOpwireError(error) ? error.code : String(error)),
  );

/** Drives the facade the way a chat turn does: request, a step with two tool calls, a second step, the end. */
async function fakeTurn(
  governance: ReturnType<typeof setup>['governance'],
  caller: Caller,
  conversationId?: string,
) {
  const turn = governance.startTurn({
    caller,
    ...(conversationId ? { conversationId } : {}),
    provider: 'openai',
    requestedModel: 'gpt-4o-mini',
    traceId: '0af7651916cd43dd8448eb211c80319c',
    request: { message: 'Cancel 42; my password is hunter2 and mail me at alice@example.com' },
  });
  turn.toolCall({
    toolCallId: 'call_0',
    toolName: 'orders_cancel',
    input: { orderId: '42', password: 'hunter2' },
  });
  turn.toolResult({
    toolCallId: 'call_0',
    toolName: 'orders_cancel',
    output: { error: { code: 'PERMISSION_DENIED', message: 'no' } },
  });
  turn.toolCall({ toolCallId: 'call_1', toolName: 'orders_get', input: { orderId: '42' } });
  turn.toolResult({
    toolCallId: 'call_1',
    toolName: 'orders_get',
    output: { id: '42', email: 'alice@example.com' },
  });
  turn.answeredBy({ provider: 'openai', model: 'gpt-4o-mini-2024-07-18' });
  turn.addUsage({ inputTokens: 600_000, outputTokens: 100_000 });
  turn.addUsage({ inputTokens: 400_000 });
  return turn;
}

describe('createGovernance: a turn', () => {
  it('keeps every tool call of a turn whose model gave several the same id, each with its own outcome', async () => {
    const { governance } = setup();
    const turn = governance.startTurn({ caller: alice, requestedModel: 'gpt-4o-mini' });
    const step = (toolName: string, output: unknown) => {
      turn.toolCall({ toolCallId: 'call_0', toolName, input: {} });
      turn.toolResult({ toolCallId: 'call_0', toolName, output });
    };
    step('orders_list', { orders: [] });
    step('orders_create', { id: 'order-1' });
    step('orders_get', { error: { code: 'NOT_FOUND', message: 'no' } });
    turn.toolCall({ toolCallId: 'call_0', toolName: 'orders_cancel', input: { orderId: 'order-1' } });
    turn.toolResult({
      toolCallId: 'call_0',
      toolName: 'orders_cancel',
      output: {},
      outcome: 'approval_pending',
    });
    const row = await turn.finish({ outcome: 'completed' });
    expect(row.toolCalls).toEqual([
      { toolCallId: 'call_0', toolName: 'orders_list', outcome: 'ok' },
      { toolCallId: 'call_0', toolName: 'orders_create', outcome: 'ok' },
      { toolCallId: 'call_0', toolName: 'orders_get', outcome: 'NOT_FOUND' },
      { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'approval_pending' },
    ]);
    expect((await governance.ledger.get(turn.turnId, 'acme'))?.toolCalls).toEqual(row.toolCalls);
  });

  it('writes one ledger row with summed tokens, the answering model, its cost and each tool outcome, and no text', async () => {
    const { governance, advance } = setup();
    const turn = await fakeTurn(governance, alice, 'conv-1');
    advance(1_250);
    const row = await turn.finish({ outcome: 'completed' });
    expect(row).toStrictEqual({
      turnId: turn.turnId,
      conversationId: 'conv-1',
      tenant: 'acme',
      principalId: 'alice',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      provider: 'openai',
      requestedModel: 'gpt-4o-mini',
      model: 'gpt-4o-mini-2024-07-18',
      inputTokens: 1_000_000,
      outputTokens: 100_000,
      cost: { amount: 0.21, currency: 'USD' },
      toolCalls: [
        { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'PERMISSION_DENIED' },
        { toolCallId: 'call_1', toolName: 'orders_get', outcome: 'ok' },
      ],
      latencyMs: 1_250,
      outcome: 'completed',
      startedAt: '2030-01-01T10:00:00.000Z',
      finishedAt: '2030-01-01T10:00:01.250Z',
    });
    expect(await governance.ledger.get(turn.turnId, 'acme')).toStrictEqual(row);
    expect(JSON.stringify(row)).not.toMatch(/hunter2|example\.com|Cancel 42/);
  });

  it('records the events in order, masked: a planted password and email appear nowhere', async () => {
    const { governance } = setup();
    const turn = await fakeTurn(governance, alice, 'conv-1');
    await turn.finish({
      outcome: 'stopped',
      errorCode: 'CANCELLED',
      details: { reason: 'user pressed stop' },
    });
    const events = await governance.events.forTurn(turn.turnId, 'acme');
    expect(events.map((event) => [event.sequence, event.action, event.toolCallId, event.code])).toEqual([
      [1, 'request', undefined, undefined],
      [2, 'tool_call', 'call_0', undefined],
      [3, 'tool_result', 'call_0', 'PERMISSION_DENIED'],
      [4, 'tool_call', 'call_1', undefined],
      [5, 'tool_result', 'call_1', 'ok'],
      [6, 'stop', undefined, 'CANCELLED'],
    ]);
    expect(events[0]).toMatchObject({
      tenant: 'acme',
      principalId: 'alice',
      conversationId: 'conv-1',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      payload: { message: 'Cancel 42; my password is [masked] and mail me at [email]' },
    });
    expect(events[1]?.payload).toEqual({ input: { orderId: '42', password: '[masked]' } });
    const stored = JSON.stringify(await governance.events.list({}, { limit: 100 }));
    expect(stored).not.toContain('hunter2');
    expect(stored).not.toContain('alice@example.com');
    expect((await governance.ledger.get(turn.turnId))?.outcome).toBe('stopped');
  });

  it('finishes once, records a failure as an error event, and survives a failing ledger and trail', async () => {
    const failing = createMemoryTurnLedger();
    const { governance, logged } = setup({
      ledger: { ...failing, record: () => Promise.reject(new Error('ledger down')) },
      events: {
        append: () => Promise.reject(new Error('trail down')),
        list: () => Promise.reject(new Error('down')),
        forTurn: () => Promise.reject(new Error('down')),
        trim: () => Promise.reject(new Error('down')),
      },
    });
    const turn = governance.startTurn({ caller: alice });
    const [first, second] = await Promise.all([
      turn.finish({ outcome: 'failed', errorCode: 'PROVIDER_FAILED' }),
      turn.finish({ outcome: 'completed' }),
    ]);
    expect(second).toBe(first);
    expect(first).toMatchObject({ outcome: 'failed', errorCode: 'PROVIDER_FAILED', inputTokens: 0 });
    expect(first).not.toHaveProperty('cost');
    expect(logged).toEqual(['AI audit event lost', 'AI audit event lost', 'turn ledger row lost']);
  });

  it('keeps one order for events recorded from outside a running turn, and continues a finished one', async () => {
    const { governance } = setup();
    const turn = governance.startTurn({ caller: alice, turnId: 'turn-x' });
    turn.toolCall({ toolCallId: 'call_0', toolName: 'orders_cancel', input: {} });
    await governance.recordEvent({
      turnId: 'turn-x',
      action: 'approval_requested',
      owner: alice,
      toolCallId: 'call_0',
    });
    turn.toolResult({
      toolCallId: 'call_0',
      toolName: 'orders_cancel',
      output: { approval: { status: 'pending' } },
    });
    const row = await turn.finish({ outcome: 'completed' });
    expect(row.toolCalls).toEqual([
      { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'approval_pending' },
    ]);
    await governance.recordEvent({
      turnId: 'turn-x',
      action: 'approval_approved',
      owner: alice,
      code: 'ok',
      payload: { note: 'Bearer abc.def.ghi' },
    });
    const events = await governance.events.forTurn('turn-x');
    expect(events.map((event) => `${event.sequence}:${event.action}`)).toEqual([
      '1:request',
      '2:tool_call',
      '3:approval_requested',
      '4:tool_result',
      '5:approval_approved',
    ]);
    expect(events[4]?.payload).toEqual({ note: 'Bearer [token]' });
  });

  it('settles a call decided while its turn still runs in the row the turn writes when it ends', async () => {
    const { governance } = setup();
    const turn = governance.startTurn({ caller: alice, turnId: 'turn-y' });
    turn.toolCall({ toolCallId: 'call_0', toolName: 'orders_cancel', input: {} });
    turn.toolResult({
      toolCallId: 'call_0',
      toolName: 'orders_cancel',
      output: { approval: { status: 'pending' } },
    });
    const decision = { turnId: 'turn-y', owner: alice, toolCallId: 'call_0', toolName: 'orders_cancel' };
    await governance.recordEvent({ ...decision, action: 'approval_approved', code: 'ORDER_NOT_CANCELLABLE' });
    const row = await turn.finish({ outcome: 'completed' });
    expect(row.toolCalls).toEqual([
      { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'ORDER_NOT_CANCELLABLE' },
    ]);
    expect((await governance.ledger.get('turn-y'))?.toolCalls).toEqual(row.toolCalls);
  });
});

describe('createGovernance: budgets', () => {
  it('fails BUDGET_EXCEEDED once a tenant has used its tokens for the day, and lets the next day through', async () => {
    const { governance, advance } = setup({
      budgets: [{ scope: 'tenant', period: 'day', maxTokens: 1_500_000 }],
    });
    await governance.checkBudget(alice);
    await (await fakeTurn(governance, alice)).finish({ outcome: 'completed' });
    await governance.checkBudget(bob);
    await (await fakeTurn(governance, bob)).finish({ outcome: 'completed' });
    const refused = await governance.checkBudget(alice).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      data: {
        scope: 'tenant',
        period: 'day',
        limit: 1_500_000,
        used: 2_200_000,
        unit: 'tokens',
        resetsAt: '2030-01-02T00:00:00.000Z',
      },
    });
    expect((refused as Error).message).toBe(
      'The tenant budget of 1500000 tokens per day is used up (2200000 tokens used); it resets at 2030-01-02T00:00:00.000Z.',
    );
    // Answered 429 over HTTP, it says when to come back: the seconds left of the day.
    expect((refused as { headers: Record<string, string> }).headers).toEqual({
      'retry-after': String((Date.parse('2030-01-02T00:00:00.000Z') - start) / 1000),
    });
    // The code declares the header it sends, so OpenAPI lists it on the 429.
    expect(aiErrors.BUDGET_EXCEEDED.headers).toEqual(Object.keys((refused as { headers: object }).headers));
    expect(await codeOf(governance.checkBudget({ ...alice, tenant: 'globex' }))).toBe('resolved');
    advance(14 * 3_600_000);
    expect(await codeOf(governance.checkBudget(alice))).toBe('resolved');
  });

  it('counts each principal alone under a principal budget, and money in its currency per month', async () => {
    const { governance } = setup({
      budgets: [
        { scope: 'principal', period: 'month', maxCost: { amount: 0.2, currency: 'USD' } },
        { scope: 'principal', principalId: 'bob', period: 'day', maxTokens: 10 },
      ],
    });
    await (await fakeTurn(governance, alice)).finish({ outcome: 'completed' });
    expect(await codeOf(governance.checkBudget(alice))).toBe('BUDGET_EXCEEDED');
    expect(await codeOf(governance.checkBudget(bob))).toBe('resolved');
    const turn = governance.startTurn({ caller: bob });
    turn.addUsage({ inputTokens: 6, outputTokens: 4 });
    await turn.finish({ outcome: 'completed' });
    expect(await codeOf(governance.checkBudget(bob))).toBe('BUDGET_EXCEEDED');
  });

  it('says the budget in the caller’s language: its scope, period and tokens, the currency code as it is', async () => {
    const { governance } = setup({
      budgets: [
        { scope: 'principal', period: 'day', maxTokens: 10 },
        { scope: 'tenant', tenant: 'globex', period: 'month', maxCost: { amount: 0, currency: 'USD' } },
      ],
    });
    await (await fakeTurn(governance, alice)).finish({ outcome: 'completed' });
    const tokens = (await governance.checkBudget(alice).catch((error: unknown) => error)) as OpwireError;
    expect(describeError(tokens, 'zh-CN').message).toBe(
      '用户每天的预算 10 个 token 已用完（已用 1100000 个 token），将于 2030-01-02T00:00:00.000Z 重置。',
    );
    expect(describeError(tokens, 'en').message).toBe(
      'The principal budget of 10 tokens per day is used up (1100000 tokens used); it resets at 2030-01-02T00:00:00.000Z.',
    );
    expect(tokens.data).toMatchObject({ scope: 'principal', period: 'day', unit: 'tokens' });
    const money = (await governance
      .checkBudget({ ...alice, tenant: 'globex' })
      .catch((error: unknown) => error)) as OpwireError;
    expect(describeError(money, 'zh-CN').message).toBe(
      '租户每月的预算 0 USD 已用完（已用 0 USD），将于 2030-02-01T00:00:00.000Z 重置。',
    );
    expect(money.data).toMatchObject({ scope: 'tenant', period: 'month', unit: 'USD' });
  });

  it('rejects budgets, prices and windows that cannot work, at startup', () => {
    const configuration = (options: GovernanceOptions) => {
      try {
        createGovernance(options);
        return 'ok';
      } catch (error) {
        return isOpwireError(error) ? `${error.code}: ${String(error.params.reason)}` : String(error);
      }
    };
    expect(configuration({ budgets: [{ scope: 'tenant', period: 'day' }] })).toMatch(
      /^INVALID_CONFIGURATION: budgets\[0\]/,
    );
    expect(configuration({ budgets: [{ scope: 'tenant', period: 'week' as 'day', maxTokens: 1 }] })).toMatch(
      /budgets\[0\]/,
    );
    expect(
      configuration({
        budgets: [{ scope: 'tenant', period: 'day', maxTokens: 1, maxCost: { amount: 1, currency: 'USD' } }],
      }),
    ).toMatch(/budgets\[0\]/);
    expect(
      configuration({ prices: { m: { inputPerMillion: -1, outputPerMillion: 1, currency: 'USD' } } }),
    ).toMatch(/model "m"/);
    expect(
      configuration({ prices: { m: { inputPerMillion: 1, outputPerMillion: 1, currency: 'dollars' } } }),
    ).toMatch(/model "m"/);
    // A money budget in a currency no model is priced in could never be reached: every turn would run.
    const usd = { m: { inputPerMillion: 1, outputPerMillion: 1, currency: 'USD' } };
    const euros = {
      scope: 'tenant' as const,
      period: 'day' as const,
      maxCost: { amount: 1, currency: 'EUR' },
    };
    expect(configuration({ prices: usd, budgets: [euros] })).toBe(
      "INVALID_CONFIGURATION: budgets[0]: maxCost is in EUR, but no model in prices is (USD), so no turn's cost could reach it",
    );
    expect(configuration({ budgets: [euros] })).toMatch(/no prices/);
    expect(
      configuration({ prices: usd, budgets: [{ ...euros, maxCost: { amount: 1, currency: 'USD' } }] }),
    ).toBe('ok');
    expect(configuration({ historyWindow: 0 })).toMatch(/historyWindow/);
    expect(configuration({ masking: { maxStringLength: 0 } })).toMatch(/maxStringLength/);
  });
});

describe('createGovernance: conversations', () => {
  const turnMessages: ModelMessage[] = [
    { role: 'user', content: 'Cancel 42' },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'orders_cancel', input: { orderId: '42' } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'orders_cancel',
          output: { type: 'json', value: { ok: true } },
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'Cancelled.' }] },
  ];

  it("opens a new, a known or an unknown id for the caller, and no one else's", async () => {
    const { governance } = setup();
    const fresh = await governance.openConversation(alice);
    expect(fresh).toMatchObject({ principalId: 'alice', tenant: 'acme', created: true });
    expect(await governance.openConversation(alice, fresh.id)).toStrictEqual({ ...fresh, created: false });
    expect(await governance.openConversation(alice, 'my-own-id')).toMatchObject({
      id: 'my-own-id',
      principalId: 'alice',
      created: true,
    });
    expect(await codeOf(governance.openConversation(bob, fresh.id))).toBe('NOT_FOUND');
    expect(await codeOf(governance.getConversation(bob, 'my-own-id'))).toBe('NOT_FOUND');
    expect(await codeOf(governance.loadHistory(bob, fresh.id))).toBe('NOT_FOUND');
    expect(await codeOf(governance.appendMessages(bob, fresh.id, turnMessages))).toBe('NOT_FOUND');
    expect(await codeOf(governance.deleteConversation(bob, fresh.id))).toBe('NOT_FOUND');
  });

  it('serves its methods taken off the facade, as an app may pass them around', async () => {
    const { governance } = setup();
    const { openConversation, deleteConversation, getConversation } = governance;
    const opened = await openConversation(alice);
    expect(opened).toMatchObject({ principalId: 'alice', created: true });
    await deleteConversation(alice, opened.id);
    expect(await codeOf(getConversation(alice, opened.id))).toBe('NOT_FOUND');
  });

  it('loads a bounded window of history that starts at a user message with every tool call paired', async () => {
    const { governance } = setup({ historyWindow: 6 });
    const { id } = await governance.createConversation(alice, { title: 'Orders' });
    await governance.appendMessages(alice, id, turnMessages, { turnId: 't1' });
    expect(await governance.loadHistory(alice, id)).toEqual(turnMessages);
    await governance.appendMessages(alice, id, [{ role: 'system', content: 'dropped' }, ...turnMessages], {
      turnId: 't2',
    });
    // The newest 6 begin with the first turn's tool result and answer: history starts at the next user message.
    expect(await governance.loadHistory(alice, id)).toEqual(turnMessages);
    expect(await governance.loadHistory(alice, id, { window: 8 })).toEqual([
      ...turnMessages,
      ...turnMessages,
    ]);
    // A turn stopped between the call and its result leaves a call without a result; it is left out.
    await governance.appendMessages(alice, id, turnMessages.slice(0, 2));
    expect((await governance.loadHistory(alice, id, { window: 2 })).map((message) => message.role)).toEqual([
      'user',
    ]);
  });

  it('deletes a conversation but keeps the events of its turns', async () => {
    const { governance } = setup();
    const { id } = await governance.createConversation(alice);
    const turn = await fakeTurn(governance, alice, id);
    await turn.finish({ outcome: 'completed' });
    await governance.deleteConversation(alice, id);
    expect(await codeOf(governance.getConversation(alice, id))).toBe('NOT_FOUND');
    expect(await governance.events.forTurn(turn.turnId)).toHaveLength(5);
    expect(await governance.ledger.get(turn.turnId)).toBeDefined();
  });
});

describe('createGovernance: deleting a conversation', () => {
  /** A pending approval of alice's, asked by turn `turnId` in conversation `conversationId`. */
  const pendingIn = (approvalId: string, conversationId: string, turnId: string) => ({
    approvalId,
    toolCallId: `call_${approvalId}`,
    toolName: 'orders_cancel',
    operationId: 'orders.cancel',
    input: { id: approvalId },
    inputHash: 'hash',
    principalId: alice.principalId,
    tenant: alice.tenant,
    conversationId,
    turnId,
    createdAt: new Date(start).toISOString(),
    expiresAt: new Date(start + 60_000).toISOString(),
    status: 'pending' as const,
  });

  it('declines the approvals still pending in it, records why, and leaves other conversations’ alone', async () => {
    const { governance, logged } = setup();
    const deleted = await governance.createConversation(alice);
    const kept = await governance.createConversation(alice);
    // The turn that asked has ended: its ledger row says the call waits for approval.
    const asking = governance.startTurn({ caller: alice, conversationId: deleted.id, turnId: 'turn-asked' });
    asking.toolCall({ toolCallId: 'call_a1', toolName: 'orders_cancel', input: { id: 'a1' } });
    asking.toolResult({
      toolCallId: 'call_a1',
      toolName: 'orders_cancel',
      output: { approval: { status: 'pending' } },
    });
    await asking.finish({ outcome: 'completed' });
    const limit = { maxPending: 10, now: new Date(start).toISOString() };
    await governance.approvals.create(pendingIn('a1', deleted.id, 'turn-asked'), limit);
    await governance.approvals.create(pendingIn('a2', deleted.id, 'turn-asked'), limit);
    await governance.approvals.create(pendingIn('b1', kept.id, 'turn-other'), limit);
    // One already decided stays as it was decided.
    await governance.approvals.settle(
      'a2',
      { principalId: 'alice', tenant: 'acme' },
      { status: 'approved', at: limit.now },
    );

    await governance.deleteConversation(alice, deleted.id);
    const statusOf = async (id: string) => (await governance.approvals.get(id, alice))?.status;
    expect([await statusOf('a1'), await statusOf('a2'), await statusOf('b1')]).toEqual([
      'declined',
      'approved',
      'pending',
    ]);
    const events = await governance.events.forTurn('turn-asked');
    expect(events.at(-1)).toMatchObject({
      action: 'approval_declined',
      toolCallId: 'call_a1',
      payload: { approvalId: 'a1', reason: 'conversation_deleted' },
    });
    expect((await governance.ledger.get('turn-asked'))?.toolCalls).toEqual([
      { toolCallId: 'call_a1', toolName: 'orders_cancel', outcome: 'approval_declined' },
    ]);
    expect(logged).toEqual([]);
  });

  it('declines, once asked after the deletion, an approval stored after it looked (another process’s turn), and none while the conversation is there', async () => {
    const { governance, logged } = setup();
    const deleted = await governance.createConversation(alice);
    const kept = await governance.createConversation(alice);
    const limit = { maxPending: 10, now: new Date(start).toISOString() };
    await governance.deleteConversation(alice, deleted.id);
    // Stored by a turn that was running elsewhere: the deletion found nothing to decline.
    await governance.approvals.create(pendingIn('late', deleted.id, 'turn-late'), limit);
    await governance.approvals.create(pendingIn('kept', kept.id, 'turn-kept'), limit);

    await governance.declineApprovalsOfDeleted(alice, kept.id);
    await governance.declineApprovalsOfDeleted(alice, deleted.id);
    const statusOf = async (id: string) => (await governance.approvals.get(id, alice))?.status;
    expect([await statusOf('late'), await statusOf('kept')]).toEqual(['declined', 'pending']);
    expect(await governance.events.forTurn('turn-late')).toEqual([
      expect.objectContaining({
        action: 'approval_declined',
        toolCallId: 'call_late',
        payload: { approvalId: 'late', operationId: 'orders.cancel', reason: 'conversation_deleted' },
      }),
    ]);
    expect(await governance.events.forTurn('turn-kept')).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('stands when the approvals store fails: the conversation is gone and the failure logged', async () => {
    const failing = {
      ...createMemoryApprovalStore(),
      listPending: async () => {
        throw new Error('approvals store down');
      },
    };
    const { governance, logged } = setup({ approvals: failing });
    const { id } = await governance.createConversation(alice);
    await governance.deleteConversation(alice, id);
    expect(await codeOf(governance.getConversation(alice, id))).toBe('NOT_FOUND');
    expect(logged).toEqual(['pending approvals of a deleted conversation not declined']);
  });
});

describe('createGovernance: cost and retention', () => {
  it('summarizes cost by model, provider, principal, tenant and day', async () => {
    const { governance } = setup();
    await (await fakeTurn(governance, alice)).finish({ outcome: 'completed' });
    await (await fakeTurn(governance, bob)).finish({ outcome: 'completed' });
    const summary = await governance.summarizeCost({ tenant: 'acme' });
    expect(summary.totals).toStrictEqual({
      requests: 2,
      inputTokens: 2_000_000,
      outputTokens: 200_000,
      costs: [{ amount: 0.42, currency: 'USD' }],
    });
    expect(summary.byPrincipal.map((row) => row.key)).toEqual(['alice', 'bob']);
    expect(summary.byModel.map((row) => row.key)).toEqual(['gpt-4o-mini-2024-07-18']);
    expect(summary.byDay.map((row) => [row.key, row.requests])).toEqual([['2030-01-01', 2]]);
    expect(summary.byTenant.map((row) => row.key)).toEqual(['acme']);
    expect(summary.byProvider.map((row) => row.key)).toEqual(['openai']);
  });

  it('trims ledger rows, events and core audit records past the limit, of one tenant or all, never conversations', async () => {
    const audit = createMemoryAuditLog();
    const { governance, advance } = setup({ audit });
    const { id } = await governance.createConversation(alice);
    await (await fakeTurn(governance, alice, id)).finish({ outcome: 'completed' });
    await (await fakeTurn(governance, { ...alice, tenant: 'globex' })).finish({ outcome: 'completed' });
    const record = (tenant: string) => ({
      id: crypto.randomUUID(),
      at: new Date(start).toISOString(),
      operationId: 'orders.list',
      invocationId: crypto.randomUUID(),
      tenant,
      origin: 'ai',
      outcome: 'ok' as const,
      durationMs: 1,
    });
    await audit.append(record('acme'));
    await audit.append(record('globex'));
    expect(await codeOf(governance.trim({ olderThanDays: 0 }))).toBe('OUT_OF_RANGE');
    expect(await governance.trim({ olderThanDays: 30 })).toEqual({
      before: '2029-12-02T10:00:00.000Z',
      turns: 0,
      events: 0,
      auditRecords: 0,
    });
    advance(31 * 86_400_000);
    expect(await governance.trim({ olderThanDays: 30, tenant: 'acme' })).toMatchObject({
      turns: 1,
      events: 5,
      auditRecords: 1,
    });
    expect(await governance.trim({ olderThanDays: 30 })).toMatchObject({
      turns: 1,
      events: 5,
      auditRecords: 1,
    });
    expect(await governance.getConversation(alice, id)).toMatchObject({ id });
    expect(await createGovernance().trim({ olderThanDays: 1 })).not.toHaveProperty('auditRecords');
  });
});
