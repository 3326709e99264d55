import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIWireServer, startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { connectShop, structured } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

const databaseUrl = process.env.DATABASE_URL;
const stores = [
  { name: 'PGlite', databaseUrl: undefined, skip: false },
  { name: 'a PostgreSQL server (skipped without DATABASE_URL)', databaseUrl, skip: !databaseUrl },
];

interface ShopOrder {
  readonly id: string;
  readonly status: string;
}

describe.each(stores)('a model asking to cancel an order it could not cancel, on $name', (store) => {
  let model: OpenAIWireServer;
  let running: RunningShop;
  beforeAll(async () => {
    if (store.skip) return;
    model = await startOpenAIWireServer();
    running = await startShop({
      ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}),
      assistant: {
        env: { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', OPWIRE_CHAT_MODEL: 'local-model' },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await model?.close();
  }, 60_000);

  const ordersOf = async (token: string) =>
    (await running.request('/orders?limit=100', { token })).body.orders as ShopOrder[];
  const approvalCount = async () =>
    Number(
      (
        await running.shop.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM opwire_ai_approvals',
        )
      ).rows[0]?.count,
    );
  /** One chat turn as `token` in which the model calls `orders_cancel` for `orderId`. */
  const askToCancel = async (token: string, orderId: string, locale = 'en') => {
    model.script(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_x1', name: 'orders_cancel', arguments: JSON.stringify({ id: orderId }) }],
      },
      { kind: 'reply', text: 'I could not cancel it.' },
    );
    const answer = await running.request('/ai/chat', {
      method: 'POST',
      token,
      headers: { 'accept-language': locale },
      body: { message: `Cancel order ${orderId}` },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it.skipIf(store.skip)(
    "answers another tenant's order NOT_FOUND as the cancel itself would, in en and zh-CN, and asks no approval",
    async () => {
      const acmePaid = (await ordersOf('support-token')).find(
        (order) => order.status === 'paid',
      ) as ShopOrder;
      const approvalsBefore = await approvalCount();
      for (const locale of ['en', 'zh-CN']) {
        const direct = await running.request(`/orders/${acmePaid.id}/cancel`, {
          method: 'POST',
          token: 'globex-token',
          headers: { 'accept-language': locale },
        });
        expect([direct.status, direct.body.code]).toEqual([404, 'NOT_FOUND']);
        const turn = await askToCancel('globex-token', acmePaid.id, locale);
        expect(turn.pendingApprovals).toEqual([]);
        expect(turn.steps[0].toolResults[0].output).toEqual({
          error: { code: 'NOT_FOUND', message: direct.body.detail },
        });
      }
      expect(await approvalCount()).toBe(approvalsBefore);
      const after = (await ordersOf('support-token')).find((order) => order.id === acmePaid.id);
      expect(after?.status).toBe('paid');
    },
  );

  it.skipIf(store.skip)(
    "answers an order of the caller's own tenant that cannot be cancelled ORDER_NOT_CANCELLABLE, with no approval",
    async () => {
      const shipped = (await ordersOf('globex-token')).find(
        (order) => order.status === 'shipped',
      ) as ShopOrder;
      const approvalsBefore = await approvalCount();
      const turn = await askToCancel('globex-token', shipped.id);
      expect(turn.pendingApprovals).toEqual([]);
      const direct = await running.request(`/orders/${shipped.id}/cancel`, {
        method: 'POST',
        token: 'globex-token',
      });
      expect([direct.status, direct.body.code]).toEqual([422, 'ORDER_NOT_CANCELLABLE']);
      expect(turn.steps[0].toolResults[0].output).toEqual({
        error: { code: 'ORDER_NOT_CANCELLABLE', message: direct.body.detail },
      });
      expect(await approvalCount()).toBe(approvalsBefore);
    },
  );

  it.skipIf(store.skip)(
    "answers an MCP client's cancel of another tenant's order NOT_FOUND without asking the user",
    async () => {
      const acmePaid = (await ordersOf('support-token')).find(
        (order) => order.status === 'paid',
      ) as ShopOrder;
      const approvalsBefore = await approvalCount();
      const { client, asked } = await connectShop(running.url, 'globex-token', {
        capabilities: { elicitation: {} },
        elicit: 'accept',
      });
      try {
        const direct = await running.request(`/orders/${acmePaid.id}/cancel`, {
          method: 'POST',
          token: 'globex-token',
        });
        const result = await client.callTool({ name: 'orders_cancel', arguments: { id: acmePaid.id } });
        expect(result.isError).toBe(true);
        expect(structured(result).error).toMatchObject({ code: 'NOT_FOUND', message: direct.body.detail });
        expect(asked).toEqual([]);
      } finally {
        await client.close();
      }
      expect(await approvalCount()).toBe(approvalsBefore);
      const after = (await ordersOf('support-token')).find((order) => order.id === acmePaid.id);
      expect(after?.status).toBe('paid');
    },
  );

  it.skipIf(store.skip)("still holds a cancel of the caller's own order for approval", async () => {
    const globexPaid = (await ordersOf('globex-token')).find((order) => order.status === 'paid') as ShopOrder;
    const turn = await askToCancel('globex-token', globexPaid.id);
    expect(turn.pendingApprovals).toMatchObject([{ toolCallId: 'call_x1', toolName: 'orders_cancel' }]);
    const after = (await ordersOf('globex-token')).find((order) => order.id === globexPaid.id);
    expect(after?.status).toBe('paid');
  });
});
