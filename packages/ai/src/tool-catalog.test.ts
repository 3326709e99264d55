import { createOpwire, defineOperation, isOpwireError } from '@opwire/core';
import { jsonSchema, tool } from 'ai';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createOrdersFixture } from './testing/orders-fixture.js';
import { createToolCatalog } from './tool-catalog.js';

function startupError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isOpwireError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a startup error');
}

const operation = (id: string, ai?: { name?: string }) =>
  defineOperation({
    id,
    request: Type.Object({}),
    response: Type.Object({}),
    expose: ['ai'],
    ...(ai ? { ai } : {}),
    handle: () => ({}),
  });

describe('createToolCatalog', () => {
  it('lists the operations exposed to ai, never internal ones, named resource_verb', () => {
    const { app } = createOrdersFixture({ cancelNeedsApproval: true });
    const catalog = createToolCatalog({ app });
    expect(catalog.all().map((entry) => entry.name)).toEqual([
      'orders_list',
      'orders_get',
      'orders_create',
      'orders_cancel',
    ]);
    const cancel = catalog.find('orders_cancel');
    expect(cancel?.operation?.id).toBe('orders.cancel');
    expect(cancel?.permission).toBe('orders:cancel');
    expect(cancel?.requiresApproval).toBe(true);
    expect(catalog.find('orders_purge')).toBeUndefined();
  });

  it('describes a tool in the locale asked for, with the codes it may return', () => {
    const catalog = createToolCatalog({ app: createOrdersFixture().app });
    const create = catalog.find('orders_create')!;
    expect(create.describe('en')).toBe(
      'Create an order. At most 10 items of one SKU per order. May fail with: RULE_VIOLATION.',
    );
    expect(create.describe('zh-CN')).toContain('创建订单');
    expect(create.describe('zh-CN')).toContain('可能返回的错误码：RULE_VIOLATION');
  });

  it('sends strict input schemas: optional fields nullable, objects closed', () => {
    const catalog = createToolCatalog({ app: createOrdersFixture().app });
    expect(catalog.find('orders_create')?.input).toEqual({
      strict: true,
      schema: {
        type: 'object',
        properties: {
          sku: { type: 'string', description: '(minLength 1)' },
          quantity: { type: 'integer', description: '(minimum 1)' },
          priority: {
            anyOf: [
              {
                anyOf: [
                  { type: 'string', const: 'normal' },
                  { type: 'string', const: 'express' },
                ],
              },
              { type: 'null' },
            ],
          },
        },
        required: ['sku', 'quantity', 'priority'],
        additionalProperties: false,
      },
    });
  });

  it('takes names from configuration over the operation, and over the default', () => {
    const app = createOpwire({
      operations: [operation('orders.list', { name: 'list_my_orders' }), operation('orders.get')],
    });
    const catalog = createToolCatalog({ app, names: { 'orders.get': 'fetch_order' } });
    expect(catalog.all().map((entry) => entry.name)).toEqual(['list_my_orders', 'fetch_order']);
  });

  it('fails startup on an invalid name, naming the operation', () => {
    const app = createOpwire({ operations: [operation('orders.list', { name: 'list orders!' })] });
    expect(startupError(() => createToolCatalog({ app }))).toBe(
      'INVALID_CONFIGURATION: Invalid configuration: tool catalog: operation "orders.list": tool name "list orders!" must match ^[A-Za-z0-9_-]{1,64}$',
    );
  });

  it('fails startup on a duplicate name, naming both sides', () => {
    const app = createOpwire({
      operations: [operation('orders.list'), operation('orders.get', { name: 'orders_list' })],
    });
    expect(startupError(() => createToolCatalog({ app }))).toContain(
      'operation "orders.get": tool name "orders_list" is already used by operation "orders.list"',
    );
    const explicit = tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ok' });
    expect(
      startupError(() =>
        createToolCatalog({
          app: createOpwire({ operations: [operation('orders.list')] }),
          tools: { orders_list: explicit },
        }),
      ),
    ).toContain('tool "orders_list": tool name "orders_list" is already used by operation "orders.list"');
  });

  it('fails startup on a name override for an operation that is not exposed to ai', () => {
    const app = createOpwire({ operations: [operation('orders.list')] });
    expect(startupError(() => createToolCatalog({ app, names: { 'orders.nope': 'x' } }))).toContain(
      'names: operation "orders.nope" is not registered or not exposed to ai',
    );
  });

  it('shortens ids longer than 64 characters and keeps them unique', () => {
    const long = `reports.${'a'.repeat(40)}-${'b'.repeat(30)}`;
    const app = createOpwire({ operations: [operation(long), operation(`${long}x`)] });
    const names = createToolCatalog({ app })
      .all()
      .map((entry) => entry.name);
    expect(names.every((name) => name.length === 64)).toBe(true);
    expect(new Set(names).size).toBe(2);
  });

  it('merges explicit tools after the operations', () => {
    const explicit = tool({
      description: 'Tells the time',
      inputSchema: jsonSchema({ type: 'object' }),
      execute: async () => 'noon',
    });
    const catalog = createToolCatalog({ app: createOrdersFixture().app, tools: { clock_now: explicit } });
    expect(catalog.find('clock_now')?.describe('en')).toBe('Tells the time');
    expect(catalog.find('clock_now')?.operation).toBeUndefined();
  });

  it('makes a model wait for approval of every write unless the operation opts out explicitly', () => {
    const declare = (id: string, writes: boolean, ai?: { requiresApproval: boolean }) =>
      defineOperation({
        id,
        request: Type.Object({}),
        response: Type.Object({}),
        expose: ['ai'],
        writes,
        ...(ai ? { ai } : {}),
        handle: () => ({}),
      });
    const app = createOpwire({
      operations: [
        declare('orders.delete', true),
        declare('orders.create', true, { requiresApproval: false }),
        declare('orders.list', false),
        declare('orders.export', false, { requiresApproval: true }),
      ],
    });
    const catalog = createToolCatalog({ app });
    expect(catalog.all().map((entry) => [entry.name, entry.requiresApproval])).toEqual([
      ['orders_delete', true],
      ['orders_create', false],
      ['orders_list', false],
      ['orders_export', true],
    ]);
    expect(catalog.find('orders_delete')?.describe('en')).toBe(
      'orders.delete. Runs only after the user approves it.',
    );
    expect(catalog.find('orders_create')?.describe('en')).toBe('orders.create.');
  });
});
