import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { OpwireError } from './errors/opwire-error.js';
import { type AnyOperation, defineOperation } from './operation.js';
import { createRegistry } from './registry.js';

const ok = (id: string, extra: Partial<AnyOperation> = {}) =>
  defineOperation({
    id,
    request: Type.Object({}),
    response: Type.Object({}),
    expose: ['http', 'ai', 'mcp'],
    handle: () => ({}),
    ...extra,
  }) as AnyOperation;

function startupError(operations: AnyOperation[]): string {
  try {
    createRegistry(operations);
  } catch (error) {
    expect(error).toBeInstanceOf(OpwireError);
    expect((error as OpwireError).code).toBe('INVALID_CONFIGURATION');
    return (error as OpwireError).message;
  }
  throw new Error('expected startup to fail');
}

describe('createRegistry', () => {
  it('fails fast on a duplicate id, naming it', () => {
    expect(startupError([ok('orders.list'), ok('orders.list')])).toBe(
      'Invalid configuration: operation "orders.list": id is declared twice',
    );
  });

  it.each([
    'orders',
    'Orders.list',
    'orders.',
    'orders..list',
    'orders list',
    '1orders.list',
    'orders.list!',
  ])('rejects the malformed id %j', (id) => {
    expect(startupError([ok(id)])).toContain(`operation "${id}": id must look like "resource.verb"`);
  });

  it('rejects a request schema that is not an object', () => {
    expect(startupError([ok('orders.list', { request: Type.String() })])).toContain(
      'request schema must be an object',
    );
  });

  it('rejects an invalid schema', () => {
    const broken = { type: 'object', properties: { a: { type: 'strnig' } } };
    expect(startupError([ok('orders.list', { request: broken as never })])).toContain(
      'operation "orders.list": request schema is invalid at #/properties/a: unknown type "strnig"',
    );
  });

  it('rejects an undeclared error code and an unknown surface', () => {
    expect(startupError([ok('orders.list', { errors: ['NO_SUCH_CODE'] })])).toContain('"NO_SUCH_CODE"');
    expect(startupError([ok('orders.list', { expose: ['grpc' as 'http'] })])).toContain(
      'unknown surface "grpc"',
    );
  });

  it('never offers internal operations to models or MCP', () => {
    const registry = createRegistry([ok('orders.list'), ok('orders.purge', { stability: 'internal' })]);
    expect(registry.exposedTo('http').map((operation) => operation.id)).toEqual([
      'orders.list',
      'orders.purge',
    ]);
    expect(registry.exposedTo('ai').map((operation) => operation.id)).toEqual(['orders.list']);
    expect(registry.exposedTo('mcp').map((operation) => operation.id)).toEqual(['orders.list']);
    expect(registry.get('orders.purge')?.stability).toBe('internal');
  });
});
