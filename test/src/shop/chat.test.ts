import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from './shop-harness.js';

const ask = (content: string) => ({ message: content });

describe('shop chat without a model configured', () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop({ assistant: { env: {} } });
  });
  afterAll(() => running.close());

  it('answers 503 CHAT_NOT_CONFIGURED, saying how to configure it, while everything else keeps working', async () => {
    const chat = await running.request('/ai/chat', {
      method: 'POST',
      token: 'customer-token',
      body: ask('hi'),
    });
    expect(chat.status).toBe(503);
    expect(chat.body.code).toBe('CHAT_NOT_CONFIGURED');
    expect(chat.body.detail).toMatch(/OPENAI_API_KEY|OPENAI_BASE_URL/);
    expect((await running.request('/orders', { token: 'customer-token' })).status).toBe(200);
  });

  it('serves knowledge.search to a customer, in English and Chinese', async () => {
    const search = (query: string) =>
      running.request('/knowledge/search', {
        method: 'POST',
        token: 'customer-token',
        body: { query, top: 1 },
      });
    const english = await search('How long do refunds take after a return?');
    expect(english.status).toBe(200);
    expect(english.body.results[0].documentId).toBe('returns-policy.md');
    const chinese = await search('订单还没发货可以取消吗');
    expect(chinese.body.results[0].documentId).toBe('cancellation-faq.zh-CN.md');
    const anonymous = await running.request('/knowledge/search', {
      method: 'POST',
      body: { query: 'refund' },
    });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('shop chat through @ai-sdk/openai and a local OpenAI-compatible server', () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  });
  afterAll(async () => {
    await running.close();
    await model.close();
  });

  it('gives the model numbered passages from the shop documents and returns its cited answer', async () => {
    model.script({
      kind: 'reply',
      text: 'Refunds are issued within 5 business days of receiving the return [1].',
    });
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'customer-token',
      body: ask('How long do refunds take after a return?'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.text).toContain('[1]');
    const system = model.requests
      .at(-1)
      ?.messages.find((message: { role: string }) => message.role === 'system');
    expect(system.content).toMatch(/\[1\] Source: .*Return/i);
    expect(system.content).toContain('tenant acme');
  });

  it("runs a tool as the caller: a customer's cancel is denied in the tool result and the order stays", async () => {
    const orders = (await running.request('/orders', { token: 'customer-token' })).body.orders as Array<{
      id: string;
      status: string;
    }>;
    const pending = orders.find((order) => order.status === 'pending');
    expect(pending).toBeDefined();
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_c1', name: 'orders_cancel', arguments: JSON.stringify({ id: pending?.id }) }],
      },
      { kind: 'reply', text: 'I could not cancel it.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'customer-token',
      body: ask(`Cancel order ${pending?.id}`),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.steps[0].toolResults[0].output).toMatchObject({
      error: { code: 'PERMISSION_DENIED' },
    });
    const after = await running.request(`/orders/${pending?.id}`, { token: 'customer-token' });
    expect(after.body.status).toBe('pending');
  });

  it("holds support's cancel for approval, then runs it once when the same user approves", async () => {
    const orders = (await running.request('/orders', { token: 'support-token' })).body.orders as Array<{
      id: string;
      status: string;
    }>;
    const paid = orders.find((order) => order.status === 'paid');
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_s1', name: 'orders_cancel', arguments: JSON.stringify({ id: paid?.id }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'support-token',
      body: ask(`Cancel order ${paid?.id}`),
    });
    expect(answer.body.pendingApprovals).toMatchObject([
      { approvalId: expect.any(String), toolCallId: 'call_s1', toolName: 'orders_cancel' },
    ]);
    const approvalId = answer.body.pendingApprovals[0].approvalId as string;
    expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
      'paid',
    );

    const approved = await running.request(`/ai/approvals/${approvalId}/approve`, {
      method: 'POST',
      token: 'support-token',
      body: {},
    });
    expect(approved.status).toBe(200);
    expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
      'cancelled',
    );
    const again = await running.request(`/ai/approvals/${approvalId}/approve`, {
      method: 'POST',
      token: 'support-token',
      body: {},
    });
    expect(again.body.code).toBe('APPROVAL_ALREADY_SETTLED');
  });

  it('streams a turn as server-sent events', async () => {
    model.script({ kind: 'reply', text: 'Shipping takes 2-4 days [1].' });
    const response = await fetch(`${running.url}/ai/chat/stream`, {
      method: 'POST',
      headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
      body: JSON.stringify(ask('How long does shipping take?')),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await response.text();
    expect(events).toContain('Shipping takes');
    expect(events).toContain('event: done');
  });
});

describe('shop chat: an approved cancel past the order-write limit', () => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    running = await startShop({
      writesPerMinute: 1,
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  });
  afterAll(async () => {
    await running.close();
    await model.close();
  });

  it('answers 429 RATE_LIMITED with Retry-After, cancels nothing, and keeps the approval open in the database', async () => {
    // The limit counts in whole clock minutes: start with 20 s of this one left, so both writes fall in it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const orders = (await running.request('/orders', { token: 'support-token' })).body.orders as Array<{
      id: string;
      status: string;
    }>;
    const [paid, other] = orders.filter((order) => order.status === 'paid' || order.status === 'pending');
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_s1', name: 'orders_cancel', arguments: JSON.stringify({ id: paid?.id }) }],
      },
      { kind: 'reply', text: 'Please approve the cancellation.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token: 'support-token',
      body: ask(`Cancel order ${paid?.id}`),
    });
    const approvalId = answer.body.pendingApprovals[0].approvalId as string;
    // Support's one order write this minute.
    const direct = await running.request(`/orders/${other?.id}/cancel`, {
      method: 'POST',
      token: 'support-token',
    });
    expect(direct.status).toBe(200);
    const approve = () =>
      running.request(`/ai/approvals/${approvalId}/approve`, {
        method: 'POST',
        token: 'support-token',
        body: {},
      });
    const refused = await approve();
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await running.request(`/orders/${paid?.id}`, { token: 'support-token' })).body.status).toBe(
      paid?.status,
    );
    const stored = await running.shop.db.query<{ status: string; settled_at: unknown }>(
      'SELECT status, settled_at FROM opwire_ai_approvals WHERE approval_id = $1',
      [approvalId],
    );
    expect(stored.rows).toEqual([{ status: 'pending', settled_at: null }]);
    // Asked again within the minute, the same answer; declined, it is settled like any pending approval.
    expect((await approve()).status).toBe(429);
    const declined = await running.request(`/ai/approvals/${approvalId}/decline`, {
      method: 'POST',
      token: 'support-token',
      body: {},
    });
    expect([declined.status, declined.body.status]).toEqual([200, 'declined']);
  });
});
