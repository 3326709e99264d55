import { createOpwire, defineOperation } from '@opwire/core';
import Type, { type TObject } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';
import { deriveRoute, takesBody, toRouterPath } from './derive-route.js';

const withId = Type.Object({ id: Type.String() });
const withoutId = Type.Object({ name: Type.Optional(Type.String()) });
const operation = (
  id: string,
  request: TObject = withId,
  http?: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path?: string },
) =>
  defineOperation({ id, request, response: Type.Object({}), ...(http ? { http } : {}), handle: () => ({}) });

describe('deriveRoute', () => {
  it.each([
    ['orders.list', withoutId, 'GET', '/orders', 200],
    ['orders.get', withId, 'GET', '/orders/{id}', 200],
    ['settings.get', withoutId, 'GET', '/settings', 200],
    ['orders.create', withoutId, 'POST', '/orders', 201],
    ['orders.update', withId, 'PATCH', '/orders/{id}', 200],
    ['orders.delete', withId, 'DELETE', '/orders/{id}', 200],
    ['orders.cancel', withId, 'POST', '/orders/{id}/cancel', 200],
    ['orders.recalculate', withoutId, 'POST', '/orders/recalculate', 200],
    ['orderItems.markShipped', withId, 'POST', '/order-items/{id}/mark-shipped', 200],
    ['shop.orders.list', withoutId, 'GET', '/shop/orders', 200],
  ] as const)('%s → %s %s', (id, request, method, path, status) => {
    const route = deriveRoute(operation(id, request));
    expect(route).toMatchObject({ method, path, successStatus: status });
    expect(route.pathParameters).toEqual(path.includes('{id}') ? ['id'] : []);
  });

  it('applies method and path overrides with named parameters', () => {
    const request = Type.Object({ year: Type.Integer(), month: Type.Integer() });
    expect(
      deriveRoute(
        operation('reports.summarize', request, { method: 'GET', path: '/reports/{year}/{month}' }),
      ),
    ).toEqual({
      method: 'GET',
      path: '/reports/{year}/{month}',
      pathParameters: ['year', 'month'],
      successStatus: 200,
    });
    expect(deriveRoute(operation('orders.cancel', withId, { method: 'DELETE' })).path).toBe(
      '/orders/{id}/cancel',
    );
  });

  it.each([
    [
      'a parameter that is not a request field',
      '/orders/{orderId}',
      /path parameter "orderId" is not a field/,
    ],
    ['a path without a leading slash', 'orders', /must start with "\/"/],
    ['router syntax instead of braces', '/orders/:id', /use \{name\}/],
    ['a repeated parameter', '/orders/{id}/{id}', /repeats a parameter/],
  ])('fails at startup for %s', (_name, path, message) => {
    expect(() => deriveRoute(operation('orders.get', withId, { path }))).toThrow(message);
  });

  it.each([
    ['an object', Type.Object({ id: Type.Object({ sku: Type.String() }) })],
    ['an array', Type.Object({ id: Type.Array(Type.String()) })],
    ['a union with an object', Type.Object({ id: Type.Union([Type.String(), Type.Object({})]) })],
  ])(
    'fails at startup for a path parameter bound to %s, which no path segment can carry',
    (_name, request) => {
      expect(() => deriveRoute(operation('orders.get', request))).toThrow(
        /operation "orders.get": path parameter "id" is bound to a field a path segment cannot carry/,
      );
    },
  );

  it('binds a path parameter to a string, number, integer, boolean, literal union or untyped field', () => {
    for (const id of [
      Type.String(),
      Type.Number(),
      Type.Integer(),
      Type.Boolean(),
      Type.Union([Type.Literal('a'), Type.Literal(1)]),
      Type.Unknown(),
    ]) {
      expect(deriveRoute(operation('orders.get', Type.Object({ id }))).pathParameters).toEqual(['id']);
    }
  });

  it('translates braces to the router syntax', () => {
    expect(toRouterPath('/orders/{id}/lines/{line}')).toBe('/orders/:id/lines/:line');
  });
});

describe('query fields of GET and DELETE routes', () => {
  const serve = (request: TObject, http?: { method?: 'GET' | 'POST' | 'DELETE' }) => () =>
    createFetchHandler(
      createOpwire({
        operations: [
          defineOperation({
            id: 'orders.list',
            request,
            response: Type.Object({}),
            public: true,
            expose: ['http'],
            ...(http ? { http } : {}),
            handle: () => ({}),
          }),
        ],
      }),
      { docs: false },
    );

  it.each([
    ['an object', Type.Object({ filter: Type.Object({ status: Type.String() }) }), 'filter'],
    ['an array of objects', Type.Object({ lines: Type.Array(Type.Object({ sku: Type.String() })) }), 'lines'],
    ['an array of arrays', Type.Object({ grid: Type.Array(Type.Array(Type.Integer())) }), 'grid'],
    ['a union with an object', Type.Object({ at: Type.Union([Type.String(), Type.Object({})]) }), 'at'],
  ])('refuse at startup a field that is %s, which no query string can carry', (_name, request, field) => {
    expect(serve(request)).toThrow(
      new RegExp(
        `GET /orders takes its input from the query string, which cannot carry the field "${field}"`,
      ),
    );
    expect(serve(request, { method: 'DELETE' })).toThrow(/DELETE \/orders takes its input from the query/);
  });

  it('accept scalars, unions of scalars, arrays of scalars and untyped fields, and anything in a body', () => {
    const scalars = Type.Object({
      name: Type.Optional(Type.String()),
      page: Type.Optional(Type.Integer()),
      open: Type.Optional(Type.Boolean()),
      size: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(50), Type.Null()])),
      tags: Type.Optional(Type.Array(Type.String())),
      any: Type.Optional(Type.Unknown()),
    });
    expect(serve(scalars)).not.toThrow();
    expect(serve(Type.Object({ filter: Type.Object({}) }), { method: 'POST' })).not.toThrow();
  });
});

describe('takesBody', () => {
  it.each([
    ['POST', true],
    ['PUT', true],
    ['PATCH', true],
    ['GET', false],
    ['DELETE', false],
  ] as const)('%s → %s', (method, expected) => {
    expect(takesBody(method)).toBe(expected);
  });
});
