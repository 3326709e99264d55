import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createMcpTools } from './mcp-tools.js';
import { toolErrorSchema } from './output-schema.js';
import { createNotesApp } from './test-support.js';

const operation = (id: string, extra: Record<string, unknown> = {}) =>
  defineOperation({
    id,
    request: Type.Object({}),
    response: Type.Object({}),
    expose: ['mcp'],
    handle: () => ({}),
    ...extra,
  });

describe('createMcpTools', () => {
  it('serves exposed operations only, named like the AI tool catalog', () => {
    const tools = createMcpTools(createNotesApp().app);
    expect(tools.map((tool) => [tool.name, tool.operation.id])).toEqual([
      ['notes_list', 'notes.list'],
      ['notes_create', 'notes.create'],
      ['notes_delete', 'notes.delete'],
      ['notes_count', 'notes.count'],
      ['notes_slow', 'notes.slow'],
    ]);
  });

  it('takes names from the names map, then operation.ai.name, then the id', () => {
    const app = createOpwire({
      operations: [
        operation('orders.list', { ai: { name: 'find_orders' } }),
        operation('orders.get', { ai: { name: 'fetch_order' } }),
        operation('orders.cancel'),
      ],
    });
    const tools = createMcpTools(app, { 'orders.get': 'order' });
    expect(tools.map((tool) => tool.name)).toEqual(['find_orders', 'order', 'orders_cancel']);
  });

  it('shortens a name past 64 characters the same way as the AI catalog', () => {
    const id = `very.${'long-'.repeat(14)}name`;
    const [tool] = createMcpTools(createOpwire({ operations: [operation(id)] }));
    expect(tool?.name).toMatch(/^very_long_long_[a-z_]{40}_[0-9a-f]{8}$/);
    expect(tool?.name.length).toBe(64);
  });

  it.each([
    [{ 'orders.list': 'has space' }, /must match/],
    [{ 'orders.list': 'orders_get' }, /already used by operation "orders.get"|already used/],
    [{ 'orders.purge': 'purge' }, /not registered or not exposed to mcp/],
  ])('fails startup on names %j', (names, reason) => {
    const app = createOpwire({ operations: [operation('orders.list'), operation('orders.get')] });
    expect(() => createMcpTools(app, names)).toThrow(reason);
  });

  it('describes a tool with annotations from the declaration and an output schema that admits the error envelope', () => {
    const tools = createMcpTools(createNotesApp().app);
    const remove = tools.find((tool) => tool.name === 'notes_delete')?.define('en');
    expect(remove).toMatchObject({
      title: 'Delete a note',
      annotations: {
        title: 'Delete a note',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
      },
      inputSchema: { type: 'object', required: ['id'], additionalProperties: false },
    });
    expect(remove?.description).toBe(
      'Delete a note. Runs only after the user approves it. May fail with: NOT_FOUND.',
    );
    expect(remove?.outputSchema?.anyOf).toEqual([
      expect.objectContaining({ type: 'object', required: ['deleted'] }),
      toolErrorSchema,
    ]);
    const create = tools.find((tool) => tool.name === 'notes_create')?.define('zh-CN');
    expect(create?.description).toBe('写笔记。可能返回的错误码：NOTE_TOO_LOUD。');
    expect(create?.annotations).toEqual({ title: '写笔记', readOnlyHint: false });
    const count = tools.find((tool) => tool.name === 'notes_count');
    expect(count?.structured).toBe(false);
    expect(count?.define('en').outputSchema).toBeUndefined();
  });
});
