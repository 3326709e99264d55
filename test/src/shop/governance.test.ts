import { randomBytes } from 'node:crypto';
import { createShop, type Shop } from '@opwire/example-shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { type RunningShop, startShop } from './shop-harness.js';

const serverUrl = process.env.DATABASE_URL;
const quiet = { warn() {}, error() {} };

describe('shop governance over HTTP', { timeout: 120_000 }, () => {
  let running: RunningShop;
  beforeAll(async () => {
    running = await startShop();
  }, 120_000);
  afterAll(() => running?.close(), 60_000);

  it('lets only the admin token read governance and trim; the demo tokens get 403, anonymous 401', async () => {
    expect((await running.request('/governance/turns', { token: 'admin-token' })).status).toBe(200);
    for (const token of ['customer-token', 'support-token', 'globex-token']) {
      for (const path of [
        '/governance/turns',
        '/governance/audit',
        '/governance/cost',
        '/governance/turns/t-1',
      ]) {
        const denied = await running.request(path, { token });
        expect([path, token, denied.status, denied.body.code]).toEqual([
          path,
          token,
          403,
          'PERMISSION_DENIED',
        ]);
      }
      const trim = await running.request('/governance/trim', {
        method: 'POST',
        token,
        body: { olderThanDays: 30 },
      });
      expect(trim.status).toBe(403);
    }
    expect((await running.request('/governance/turns')).status).toBe(401);
    const trimmed = await running.request('/governance/trim', {
      method: 'POST',
      token: 'admin-token',
      body: { olderThanDays: 30 },
    });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body).toEqual({ before: expect.any(String), turns: 0, events: 0, auditRecords: 0 });
  });

  it("shows the admin its tenant's turns with totals, a turn's events in sequence, and the cost summary", async () => {
    const governance = running.shop.governance;
    const caller = { principalId: 'alice', tenant: 'acme', permissions: [] };
    const turn = governance.startTurn({
      caller,
      provider: 'openai',
      requestedModel: 'gpt-4o-mini',
      request: { message: 'password: hunter2' },
    });
    turn.toolCall({ toolCallId: 'call_0', toolName: 'orders_list', input: {} });
    turn.toolResult({ toolCallId: 'call_0', toolName: 'orders_list', output: { orders: [] } });
    turn.answeredBy({ model: 'gpt-4o-mini-2024-07-18' });
    turn.addUsage({ inputTokens: 2_000, outputTokens: 500 });
    const row = await turn.finish({ outcome: 'completed' });
    const foreign = governance.startTurn({ caller: { ...caller, tenant: 'globex' } });
    await foreign.finish({ outcome: 'completed' });

    const listed = await running.request('/governance/turns?tool=orders_list&limit=10', {
      token: 'admin-token',
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      turns: [row],
      totals: {
        requests: 1,
        inputTokens: 2_000,
        outputTokens: 500,
        costs: [{ amount: 0.0006, currency: 'USD' }],
        currency: 'USD',
      },
    });
    const read = await running.request(`/governance/turns/${row.turnId}`, { token: 'admin-token' });
    expect(read.body.turn).toEqual(row);
    expect(
      read.body.events.map(
        (event: { sequence: number; action: string }) => `${event.sequence} ${event.action}`,
      ),
    ).toEqual(['1 request', '2 tool_call', '3 tool_result']);
    expect(JSON.stringify(read.body)).not.toContain('hunter2');
    expect(
      (await running.request(`/governance/turns/${foreign.turnId}`, { token: 'admin-token' })).status,
    ).toBe(404);
    const audit = await running.request('/governance/audit?action=tool_call', { token: 'admin-token' });
    expect(audit.body.events.map((event: { turnId: string }) => event.turnId)).toEqual([row.turnId]);
    const cost = await running.request('/governance/cost', { token: 'admin-token' });
    expect(cost.body.byModel).toEqual([
      {
        key: 'gpt-4o-mini-2024-07-18',
        requests: 1,
        inputTokens: 2_000,
        outputTokens: 500,
        costs: [{ amount: 0.0006, currency: 'USD' }],
      },
    ]);
  });

  it("pages the audit trail with cursors that show nothing of another tenant's events, and refuses theirs", async () => {
    const governance = running.shop.governance;
    const append = (tenant: string, turnId: string) =>
      governance.events.append({
        id: crypto.randomUUID(),
        turnId,
        action: 'guardrail',
        at: new Date().toISOString(),
        tenant,
        principalId: 'cursor-walker',
      });
    const [mine, theirs] = [crypto.randomUUID(), crypto.randomUUID()];
    for (let index = 0; index < 3; index++) {
      await append('acme', mine);
      for (let count = 0; count < 5 * (index + 1); count++) await append('globex', theirs);
    }
    const query = '/governance/audit?action=guardrail&principalId=cursor-walker&limit=1';
    const walked: string[] = [];
    let path = query;
    for (;;) {
      const page = await running.request(path, { token: 'admin-token' });
      expect(page.status).toBe(200);
      walked.push(...page.body.events.map((event: { turnId: string }) => event.turnId));
      if (page.body.next === undefined) break;
      // The cursor holds the id and time of the event just shown, nothing counted over every tenant.
      const shown = page.body.events[0] as { id: string; at: string };
      expect(Buffer.from(page.body.next, 'base64url').toString('utf8')).toBe(
        JSON.stringify([shown.id, shown.at]),
      );
      path = `${query}&cursor=${page.body.next}`;
    }
    expect(walked).toEqual([mine, mine, mine]);
    const foreign = await governance.events.list({ tenant: 'globex' }, { limit: 1 });
    for (const locale of ['en', 'zh-CN']) {
      const refused = await running.request(`${query}&cursor=${foreign.next}`, {
        token: 'admin-token',
        headers: { 'accept-language': locale },
      });
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([
        400,
        'INVALID_FORMAT',
        'cursor',
      ]);
      expect(refused.body.detail).toContain(locale === 'en' ? 'previous page' : '上一页');
    }
  });

  it('answers bad governance queries with 400 and the field', async () => {
    for (const [path, code, field] of [
      ['/governance/turns?limit=0', 'OUT_OF_RANGE', 'limit'],
      ['/governance/turns?limit=ten', 'WRONG_TYPE', 'limit'],
      ['/governance/turns?from=yesterday', 'INVALID_FORMAT', 'from'],
      ['/governance/turns?cursor=nope', 'INVALID_FORMAT', 'cursor'],
      ['/governance/turns?outcome=done', 'INVALID_ENUM', 'outcome'],
      ['/governance/audit?action=everything', 'INVALID_ENUM', 'action'],
      ['/governance/cost?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z', 'OUT_OF_RANGE', 'to'],
      // Year 0 reads as a date in JavaScript; PostgreSQL refused it, which was a 500.
      ['/governance/turns?from=0000-01-01T00:00:00Z', 'OUT_OF_RANGE', 'from'],
      ['/governance/audit?to=0001-01-01T00:00:00%2B01:00', 'OUT_OF_RANGE', 'to'],
      ['/governance/cost?from=0000-12-31T00:00:00Z', 'OUT_OF_RANGE', 'from'],
    ] as const) {
      const answer = await running.request(path, { token: 'admin-token' });
      // Schema checks list their fields in `errors`; a handler's own check names its field at the top.
      const named = answer.body.errors?.[0]?.field ?? answer.body.field;
      expect([path, answer.status, answer.body.code, named]).toEqual([path, 400, code, field]);
    }
    const trim = await running.request('/governance/trim', {
      method: 'POST',
      token: 'admin-token',
      body: { olderThanDays: '30' },
    });
    expect([trim.status, trim.body.code]).toEqual([400, 'WRONG_TYPE']);
    // A `to` early in year 1: the default 30-day range stops at the first time a store holds.
    const early = await running.request('/governance/cost?to=0001-01-15T00:00:00Z', { token: 'admin-token' });
    expect([early.status, early.body.from, early.body.to]).toEqual([
      200,
      '0001-01-01T00:00:00.000Z',
      '0001-01-15T00:00:00.000Z',
    ]);
  });

  it('keeps conversations to their owner: create, list, read and delete one’s own, 404 for anyone else', async () => {
    const created = await running.request('/conversations', {
      method: 'POST',
      token: 'customer-token',
      body: { title: 'Returns' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toEqual({
      id,
      title: 'Returns',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = await running.request('/conversations', { token: 'customer-token' });
    expect(listed.body.conversations.map((each: { id: string }) => each.id)).toContain(id);
    expect((await running.request(`/conversations/${id}`, { token: 'customer-token' })).body).toEqual({
      conversation: created.body,
      messages: [],
      turns: [],
      approvals: [],
    });
    for (const token of ['support-token', 'globex-token', 'admin-token']) {
      expect((await running.request(`/conversations/${id}`, { token })).status).toBe(404);
      expect((await running.request(`/conversations/${id}`, { method: 'DELETE', token })).status).toBe(404);
    }
    expect((await running.request('/conversations', { token: 'support-token' })).body.conversations).toEqual(
      [],
    );
    const bad = await running.request('/conversations', {
      method: 'POST',
      token: 'customer-token',
      body: { title: 7 },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'WRONG_TYPE']);
    const removed = await running.request(`/conversations/${id}`, {
      method: 'DELETE',
      token: 'customer-token',
    });
    expect([removed.status, removed.body]).toEqual([200, { id, deleted: true }]);
    expect((await running.request(`/conversations/${id}`, { token: 'customer-token' })).status).toBe(404);
  });
});

describe.skipIf(!serverUrl)('two shops on one PostgreSQL database', { timeout: 180_000 }, () => {
  const schema = `shop_shared_${randomBytes(6).toString('hex')}`;
  let model: OpenAIWireServer;
  const shops: Shop[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    model = await startOpenAIWireServer();
    for (let index = 0; index < 2; index++) {
      const shop = await createShop({
        databaseUrl: serverUrl,
        schema,
        port: 0,
        logger: quiet,
        assistant: {
          env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
        },
      });
      shops.push(shop);
      urls.push((await shop.listen()).url);
    }
  }, 180_000);
  afterAll(async () => {
    await shops[0]?.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    for (const shop of shops) await shop.close();
    await model?.close();
  }, 60_000);

  const call = async (index: number, path: string, body?: unknown, token = 'support-token') => {
    const response = await fetch(`${urls[index]}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('approves through one shop what a chat turn on the other asked for, exactly once', async () => {
    const paid = (await call(0, '/orders')).body.orders.find(
      (order: { status: string }) => order.status === 'paid',
    );
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_0', name: 'orders_cancel', arguments: JSON.stringify({ id: paid.id }) }],
      },
      { kind: 'reply', text: 'Please approve.' },
    );
    const answer = await call(0, '/ai/chat', { message: `Cancel ${paid.id}` });
    const approvalId = answer.body.pendingApprovals[0].approvalId as string;
    const ledgerCalls = async (index: number) =>
      (await call(index, `/governance/turns/${answer.body.turnId}`, undefined, 'admin-token')).body.turn
        .toolCalls;
    expect(await ledgerCalls(1)).toEqual([
      { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'approval_pending' },
    ]);
    const outcomes = await Promise.all([
      call(1, `/ai/approvals/${approvalId}/approve`, {}),
      call(0, `/ai/approvals/${approvalId}/approve`, {}),
      call(1, `/ai/approvals/${approvalId}/approve`, {}),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409, 409]);
    expect(outcomes.filter((outcome) => outcome.status === 409).map((outcome) => outcome.body.code)).toEqual([
      'APPROVAL_ALREADY_SETTLED',
      'APPROVAL_ALREADY_SETTLED',
    ]);
    expect((await call(0, `/orders/${paid.id}`)).body.status).toBe('cancelled');
    // Decided through the REST route of either shop, the asking turn's ledger row shows the call ran.
    for (const index of [0, 1]) {
      expect(await ledgerCalls(index)).toEqual([
        { toolCallId: 'call_0', toolName: 'orders_cancel', outcome: 'ok' },
      ]);
    }
    const { rows } = await shops[1]!.db.query(
      "SELECT count(*)::int AS n FROM opwire_audit WHERE operation_id = 'orders.cancel' AND outcome = 'ok'",
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});
