import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { customer } from '../test/orders-fixture.js';
import { createOpwire } from './create-opwire.js';
import { defineGroup } from './define-group.js';
import { coreErrors } from './errors/core-errors.js';
import { localizeText } from './errors/locale.js';
import { defineMiddleware } from './middleware.js';

describe('defineGroup', () => {
  const tagged = defineMiddleware({
    name: 'tagged',
    async run(_context, next) {
      return next({ tag: 'orders' });
    },
  });
  const orders = defineGroup({
    expose: ['http', 'ai'],
    permissionPrefix: 'orders',
    locale: 'zh-CN',
    use: [tagged],
    errors: [coreErrors.NOT_FOUND],
  });
  const list = orders.defineOperation({
    id: 'orders.list',
    summary: '列出订单',
    permission: 'read',
    request: Type.Object({}),
    response: Type.Object({ tag: Type.String() }),
    handle: (_request, context) => ({ tag: context.tag }),
  });
  const get = orders.defineOperation({
    id: 'orders.get',
    summary: { en: 'Get an order' },
    permission: 'read',
    expose: ['http'],
    request: Type.Object({ id: Type.String() }),
    response: Type.Object({ tag: Type.String() }),
    handle(request, context) {
      if (request.id !== 'o1') throw context.errors.NOT_FOUND({ params: { resource: 'order' } });
      return { tag: context.tag };
    },
  });

  it('gives each operation the group’s exposure, permission prefix, summary language, errors and middleware', async () => {
    expect(list.expose).toEqual(['http', 'ai']);
    expect(get.expose).toEqual(['http']);
    expect(list.permission).toBe('orders:read');
    expect(localizeText(list.summary, 'zh-CN')).toBe('列出订单');
    expect(localizeText(get.summary, 'en')).toBe('Get an order');
    expect(list.errors.map((entry) => entry.code)).toEqual(['NOT_FOUND']);
    const app = createOpwire({ operations: [list, get] });
    expect(await app.invoke(list, {}, { caller: customer })).toEqual({ tag: 'orders' });
    await expect(app.invoke(get, { id: 'o2' }, { caller: customer })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('checks its permission prefix', () => {
    expect(() => defineGroup({ permissionPrefix: 'orders:' })).toThrow(/without spaces or ":"/);
  });
});
