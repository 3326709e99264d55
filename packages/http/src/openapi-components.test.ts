import { coreErrors, createOpwire, defineOperation } from '@opwire/core';
import { validate } from '@readme/openapi-parser';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from './create-dispatcher.js';

const Item = Type.Object(
  { id: Type.String({ maxLength: 8 }), name: Type.String({ maxLength: 80 }) },
  { $id: 'Item' },
);

function documentOf(operations: Parameters<typeof createOpwire>[0]['operations']) {
  const app = createOpwire({ operations, logger: { error: () => undefined, warn: () => undefined } });
  return createDispatcher(app, {}).document as any;
}

const operations = [
  defineOperation({
    id: 'items.get',
    request: Type.Object({ id: Type.String({ maxLength: 8 }) }),
    response: Item,
    expose: ['http'],
    http: { method: 'GET', path: '/items/{id}' },
    handle: (request) => ({ id: request.id, name: 'pen' }),
  }),
  defineOperation({
    id: 'items.list',
    request: Type.Object({}),
    response: Type.Object({ items: Type.Array(Item, { maxItems: 10 }) }),
    expose: ['http'],
    handle: () => ({ items: [] }),
  }),
  defineOperation({
    id: 'items.create',
    request: Type.Object(
      { name: Type.String({ maxLength: 80 }) },
      { $id: 'https://example.test/CreateItem.json' },
    ),
    response: Item,
    expose: ['http'],
    writes: true,
    handle: (request) => ({ id: 'i1', name: request.name }),
  }),
];

describe('named component schemas', () => {
  it('puts a schema with an $id into components once and refers to it wherever it is used', async () => {
    const document = documentOf(operations);
    const item = { $ref: '#/components/schemas/Item' };
    expect(document.paths['/items/{id}'].get.responses['200'].content['application/json'].schema).toEqual(
      item,
    );
    expect(
      document.paths['/items'].get.responses['200'].content['application/json'].schema.properties.items.items,
    ).toEqual(item);
    expect(document.components.schemas.Item).toEqual({
      title: 'Item',
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string', maxLength: 8 }, name: { type: 'string', maxLength: 80 } },
      additionalProperties: false,
    });
    expect(document.paths['/items'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateItem',
    });
    expect(JSON.stringify(document)).not.toContain('"$id"');
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('fails startup when one name is given to two different schemas', () => {
    const Other = Type.Object({ sku: Type.String() }, { $id: 'Item' });
    expect(() =>
      documentOf([
        ...operations,
        defineOperation({
          id: 'stock.get',
          request: Type.Object({}),
          response: Other,
          expose: ['http'],
          handle: () => ({ sku: 'x' }),
        }),
      ]),
    ).toThrow(/two different schemas are named "Item"/);
  });

  it('leaves a request with path fields inline: its body is not the named schema', () => {
    const document = documentOf([
      defineOperation({
        id: 'items.rename',
        request: Type.Object(
          { id: Type.String({ maxLength: 8 }), name: Type.String({ maxLength: 80 }) },
          { $id: 'RenameItem' },
        ),
        response: Item,
        expose: ['http'],
        writes: true,
        http: { method: 'POST', path: '/items/{id}/rename' },
        handle: (request) => request,
      }),
    ]);
    const schema = document.paths['/items/{id}/rename'].post.requestBody.content['application/json'].schema;
    expect(schema.properties).toEqual({ name: { type: 'string', maxLength: 80 } });
    expect(document.components.schemas.RenameItem).toBeUndefined();
  });

  it('does not declare the non-standard 499 of a cancelled call', () => {
    const document = documentOf([
      defineOperation({
        id: 'items.wait',
        request: Type.Object({}),
        response: Type.Object({}),
        expose: ['http'],
        errors: [coreErrors.CANCELLED],
        handle: () => ({}),
      }),
    ]);
    expect(Object.keys(document.paths['/items/wait'].post.responses)).not.toContain('499');
  });
});
