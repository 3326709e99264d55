import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createOrdersFixture, fixtureCallers } from './testing/orders-fixture.js';
import { createToolCatalog } from './tool-catalog.js';

const run = (tools: ToolSet, name: string, input: unknown, toolCallId = 'call-1') =>
  tools[name]!.execute!(input, { toolCallId, messages: [], context: {} as never });

describe('bind', () => {
  it('offers only the tools the caller may call, narrowed by only', () => {
    const catalog = createToolCatalog({ app: createOrdersFixture().app });
    expect(Object.keys(catalog.bind(fixtureCallers.customer))).toEqual([
      'orders_list',
      'orders_get',
      'orders_create',
    ]);
    expect(Object.keys(catalog.bind(fixtureCallers.support))).toEqual([
      'orders_list',
      'orders_get',
      'orders_cancel',
    ]);
    expect(Object.keys(catalog.bind(fixtureCallers.admin, { only: ['orders_get', 'nope'] }))).toEqual([
      'orders_get',
    ]);
  });

  it('runs through invoke as the caller, in the caller tenant, with origin ai', async () => {
    const { app, orders } = createOrdersFixture();
    const catalog = createToolCatalog({ app });
    const tools = catalog.bind(fixtureCallers.customer, { conversationId: 'conv-1', turnId: 'turn-1' });
    const created = await run(tools, 'orders_create', { sku: 'tea', quantity: 2, priority: null }, 'call-7');
    expect(created).toMatchObject({ sku: 'tea', quantity: 2, status: 'open' });
    const stored = orders.get((created as { id: string }).id);
    expect(stored).toMatchObject({ tenant: 'acme', owner: 'user-customer' });
    const [record] = await app.audit.list({ operationId: 'orders.create' });
    expect(record).toMatchObject({
      origin: 'ai',
      principalId: 'user-customer',
      tenant: 'acme',
      outcome: 'ok',
    });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__defineGetter__', '__proto__'])(
    'answers UNKNOWN_FIELD with its field when a model passes "%s", even as null, and writes nothing',
    async (key) => {
      const { app, orders } = createOrdersFixture();
      const tools = createToolCatalog({ app }).bind(fixtureCallers.customer);
      const input = JSON.parse(`{"sku":"tea","quantity":1,"${key}":null}`);
      expect(await run(tools, 'orders_create', input)).toEqual({
        error: { code: 'UNKNOWN_FIELD', message: `Unknown field "${key}".`, field: key },
      });
      expect(orders.size).toBe(0);
    },
  );

  it('never lets model arguments pick the tenant or the user', async () => {
    const { app, orders } = createOrdersFixture();
    const tools = createToolCatalog({ app }).bind(fixtureCallers.customer);
    const result = await run(tools, 'orders_create', { sku: 'tea', quantity: 1, tenant: 'globex' });
    expect(result).toEqual({
      error: { code: 'UNKNOWN_FIELD', message: 'Unknown field "tenant".', field: 'tenant' },
    });
    expect(orders.size).toBe(0);
  });

  it('returns failures as error results in the caller locale, never throws', async () => {
    const { app } = createOrdersFixture();
    const tools = createToolCatalog({ app }).bind({ ...fixtureCallers.customer, locale: 'zh-CN' });
    expect(await run(tools, 'orders_get', { orderId: 'missing' })).toEqual({
      error: { code: 'NOT_FOUND', message: '未找到所请求的订单。' },
    });
  });

  it('hides internal details of a failing handler', async () => {
    const { app, orders } = createOrdersFixture();
    orders.set('broken', {
      get tenant(): string {
        throw new Error('SELECT secret FROM db');
      },
    } as never);
    const tools = createToolCatalog({ app }).bind(fixtureCallers.customer);
    const result = await run(tools, 'orders_get', { orderId: 'broken' });
    expect(result).toEqual({ error: { code: 'INTERNAL', message: 'An internal error occurred.' } });
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('lets cancellation end the call by throwing', async () => {
    const { app } = createOrdersFixture();
    const stop = new AbortController();
    stop.abort();
    const tools = createToolCatalog({ app }).bind(fixtureCallers.customer, { signal: stop.signal });
    await expect(run(tools, 'orders_list', {})).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('holds for approval only a call the caller could make, answering others as the call would', async () => {
    const fixture = createOrdersFixture({ cancelNeedsApproval: true });
    const catalog = createToolCatalog({ app: fixture.app });
    const acme = fixture.seed({ tenant: 'acme' });
    const globex = fixture.seed({ tenant: 'globex' });
    const done = fixture.seed({ tenant: 'acme', status: 'cancelled' });
    const tools = catalog.bind(fixtureCallers.support);
    expect(await run(tools, 'orders_cancel', { orderId: 7 })).toEqual({
      error: { code: 'WRONG_TYPE', message: 'Field "orderId" must be string.', field: 'orderId' },
    });
    expect(await run(tools, 'orders_cancel', { orderId: globex.id })).toEqual({
      error: { code: 'NOT_FOUND', message: 'The requested order was not found.' },
    });
    expect(await run(tools, 'orders_cancel', { orderId: done.id })).toMatchObject({
      error: { code: 'CONFLICT' },
    });
    expect(await catalog.approvals.pending(fixtureCallers.support)).toEqual([]);
    expect(await run(tools, 'orders_cancel', { orderId: acme.id })).toMatchObject({
      approval: { status: 'pending', toolName: 'orders_cancel', input: { orderId: acme.id } },
    });
    expect(await catalog.approvals.pending(fixtureCallers.support)).toHaveLength(1);
    expect(fixture.orders.get(globex.id)?.status).toBe('open');
  });
});
