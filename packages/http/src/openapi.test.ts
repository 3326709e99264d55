import {
  coreErrors,
  createOpwire,
  defineErrors,
  defineMiddleware,
  defineOperation,
  idempotency,
  rateLimit,
} from '@opwire/core';
import { validate } from '@readme/openapi-parser';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from './create-dispatcher.js';
import { createFetchHandler } from './create-fetch-handler.js';
import { createFixtureApp } from './testing/index.js';

/** A middleware that names the server on every answer. */
const servedBy = defineMiddleware({
  name: 'served-by',
  headers: ['x-served-by'],
  run: (context, next) => {
    context.setHeader('x-served-by', 'test');
    return next();
  },
});

function documentOf(options: Parameters<typeof createDispatcher>[1] = {}) {
  const fixture = createFixtureApp();
  return createDispatcher(fixture.app, { authenticate: fixture.authenticate, ...options }).document as any;
}

describe('the OpenAPI 3.1 document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = documentOf({ info: { title: 'Shop', version: '1.2.3' } });
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Shop', version: '1.2.3' });
  });

  it('names each operation by its id, binds path and query parameters and leaves them out of the body', () => {
    const document = documentOf();
    const get = document.paths['/orders/{id}'].get;
    expect(get.operationId).toBe('orders.get');
    expect(get.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const list = document.paths['/orders'].get;
    expect(
      list.parameters.map((parameter: any) => [parameter.name, parameter.in, parameter.required]),
    ).toEqual([
      ['limit', 'query', false],
      ['status', 'query', false],
      ['mine', 'query', false],
      ['tags', 'query', false],
    ]);
    const update = document.paths['/orders/{id}'].patch;
    expect(update.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      required: ['quantity'],
      properties: { quantity: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    });
    const create = document.paths['/orders'].post;
    expect(create.summary).toBe('Place an order');
    expect(Object.keys(create.responses)).toContain('201');
    expect(create.responses['201'].content['application/json'].schema.properties.status).toEqual({
      anyOf: [
        { type: 'string', const: 'open' },
        { type: 'string', const: 'cancelled' },
      ],
    });
    expect(document.paths['/reports/{year}/summary'].get.parameters[0]).toEqual({
      name: 'year',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 2000 },
    });
  });

  it('lists every declared, validation, body and auth code as problem+json by status', () => {
    const document = documentOf();
    const codesAt = (path: string, method: string, status: string): string[] =>
      document.paths[path][method].responses[status]?.content['application/problem+json'].schema.allOf[1]
        .properties.code.enum ?? [];
    expect(codesAt('/orders', 'post', '400')).toEqual(
      expect.arrayContaining([
        'MISSING_FIELD',
        'WRONG_TYPE',
        'NULL_NOT_ALLOWED',
        'INVALID_ENUM',
        'UNKNOWN_FIELD',
        'MALFORMED_JSON',
        'PROTOTYPE_POISONING',
      ]),
    );
    expect(codesAt('/orders', 'post', '415')).toEqual([
      'UNSUPPORTED_MEDIA_TYPE',
      'UNSUPPORTED_CHARSET',
      'UNSUPPORTED_CONTENT_ENCODING',
    ]);
    expect(document.paths['/orders'].post.responses['415'].headers).toMatchObject({
      'Accept-Encoding': {
        description: 'Sent with UNSUPPORTED_CONTENT_ENCODING.',
        schema: { type: 'string' },
      },
    });
    expect(codesAt('/orders', 'post', '413')).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesAt('/orders', 'post', '401')).toEqual(['UNAUTHENTICATED']);
    expect(codesAt('/orders', 'post', '403')).toEqual(['PERMISSION_DENIED']);
    expect(codesAt('/orders', 'post', '409')).toEqual(['CONFLICT']);
    expect(codesAt('/orders', 'post', '500')).toEqual(['INTERNAL']);
    expect(codesAt('/orders/{id}/cancel', 'post', '422')).toEqual(['RULE_VIOLATION']);
    expect(codesAt('/orders/{id}', 'get', '404')).toEqual(['NOT_FOUND']);
    expect(codesAt('/orders/{id}', 'get', '415')).toEqual([]);
    expect(codesAt('/status', 'get', '403')).toEqual([]);
  });

  it('lists CONFLICT on a write (a broken constraint answers it) and publishes an error entry’s data schema', async () => {
    const stockErrors = defineErrors({
      OUT_OF_STOCK: {
        kind: 'rule',
        messages: { en: 'Only {available} left.', 'zh-CN': '仅剩 {available} 件。' },
        data: Type.Object({ sku: Type.String(), available: Type.Integer() }),
      },
    });
    const notes = (id: string, writes: boolean) =>
      defineOperation({
        id,
        request: Type.Object({ text: Type.String() }),
        response: Type.Object({}),
        expose: ['http'],
        public: true,
        writes,
        errors: writes ? [stockErrors.OUT_OF_STOCK] : [],
        handle: async () => ({}),
      });
    const app = createOpwire({ operations: [notes('notes.create', true), notes('notes.search', false)] });
    const document = createDispatcher(app).document as any;
    const problem = (path: string, status: string) =>
      document.paths[path].post.responses[status]?.content['application/problem+json'].schema;
    expect(problem('/notes', '409').allOf[1].properties.code.enum).toEqual(['CONFLICT']);
    expect(problem('/notes/search', '409')).toBeUndefined();
    expect(problem('/notes', '422').allOf.slice(1)).toEqual([
      { type: 'object', properties: { code: { enum: ['OUT_OF_STOCK'] } } },
      {
        anyOf: [
          { properties: { code: { not: { const: 'OUT_OF_STOCK' } } } },
          {
            properties: {
              data: {
                type: 'object',
                required: ['sku', 'available'],
                properties: { sku: { type: 'string' }, available: { type: 'integer' } },
                additionalProperties: false,
              },
            },
            required: ['data'],
          },
        ],
      },
    ]);
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents the WWW-Authenticate header every 401 carries, beside headers middleware sets', async () => {
    const fixture = createFixtureApp();
    const document = documentOf();
    const handler = createFetchHandler(fixture.app, { authenticate: fixture.authenticate });
    try {
      const answer = await handler(new Request('http://test/orders'));
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    } finally {
      await handler.close();
    }
    for (const [path, item] of Object.entries(document.paths) as [string, any][]) {
      for (const [method, operation] of Object.entries(item) as [string, any][]) {
        const unauthorized = operation.responses?.['401'];
        if (!unauthorized) continue;
        expect([path, method, Object.keys(unauthorized.headers ?? {})]).toEqual([
          path,
          method,
          expect.arrayContaining(['WWW-Authenticate']),
        ]);
        expect(unauthorized.headers['WWW-Authenticate'].required).toBe(true);
      }
    }
    const limited = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.create',
          request: Type.Object({ text: Type.String({ maxLength: 8 }) }),
          response: Type.Object({ text: Type.String() }),
          expose: ['http'],
          use: [rateLimit({ limit: 1, windowMs: 60_000 }), servedBy],
          handle: (request) => request,
        }),
      ],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const headers = (createDispatcher(limited, {}).document as any).paths['/notes'].post.responses['401']
      .headers;
    // The rate limiter's Retry-After comes with its 429 only; a header set on every answer is on the 401 too.
    expect(Object.keys(headers).sort()).toEqual(['WWW-Authenticate', 'X-Request-Id', 'X-Served-By']);
  });

  it('documents a middleware header on the answers it comes with: its errors, the successes, or all', () => {
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.create',
          request: Type.Object({ text: Type.String({ maxLength: 8 }) }),
          response: Type.Object({ text: Type.String() }),
          expose: ['http'],
          writes: true,
          use: [rateLimit({ limit: 1, windowMs: 60_000 }), idempotency(), servedBy],
          handle: (request) => request,
        }),
      ],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const responses = (createDispatcher(app, {}).document as any).paths['/notes'].post.responses;
    const headersAt = (status: string) => Object.keys(responses[status].headers ?? {}).sort();
    expect(headersAt('201')).toEqual(['Idempotent-Replayed', 'X-Request-Id', 'X-Served-By']);
    expect(headersAt('429')).toEqual(['Retry-After', 'X-Request-Id', 'X-Served-By']);
    expect(responses['429'].headers['Retry-After'].description).toBe('Set by middleware with RATE_LIMITED.');
    for (const status of ['400', '409', '500']) {
      expect([status, headersAt(status)]).toEqual([status, ['X-Request-Id', 'X-Served-By']]);
    }
  });

  it('refuses a middleware header sent "on" anything but always, success or errors', () => {
    expect(() =>
      defineMiddleware({
        name: 'odd',
        headers: [{ name: 'x-odd', on: 'sometimes' as 'always' }],
        run: (_context, next) => next(),
      }),
    ).toThrow(
      'Middleware "odd": header "x-odd" is sent "on" "sometimes", which must be "always", "success" or "errors".',
    );
  });

  it('documents X-Request-Id, which every answer carries, as one header component every response refers to', async () => {
    const fixture = createFixtureApp();
    const routes = [{ method: 'GET' as const, path: '/reports', handle: () => new Response('ok') }];
    const handler = createFetchHandler(fixture.app, { authenticate: fixture.authenticate, routes });
    try {
      const answers = await Promise.all([
        handler(new Request('http://test/orders', { headers: { authorization: 'Bearer customer-token' } })),
        handler(
          new Request('http://test/orders/none', { headers: { authorization: 'Bearer customer-token' } }),
        ),
        handler(new Request('http://test/orders')),
        handler(new Request('http://test/reports', { headers: { authorization: 'Bearer customer-token' } })),
      ]);
      expect(answers.map((answer) => [answer.status, answer.headers.get('x-request-id') !== null])).toEqual([
        [200, true],
        [404, true],
        [401, true],
        [200, true],
      ]);
    } finally {
      await handler.close();
    }
    const document = documentOf({ routes });
    expect(document.components.headers['X-Request-Id']).toMatchObject({
      required: true,
      schema: { type: 'string' },
    });
    const described: string[] = [];
    for (const [path, item] of Object.entries(document.paths) as [string, any][]) {
      if (path.startsWith('/health/')) continue;
      for (const [method, operation] of Object.entries(item) as [string, any][]) {
        for (const [status, response] of Object.entries(operation.responses) as [string, any][]) {
          expect([path, method, status, response.headers?.['X-Request-Id']]).toEqual([
            path,
            method,
            status,
            { $ref: '#/components/headers/X-Request-Id' },
          ]);
          described.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(described).toEqual(
      expect.arrayContaining([
        'post /orders 201',
        'get /orders/{id} 404',
        'get /reports 200',
        'get /reports 401',
      ]),
    );
    // The health probes answer without it, and say so.
    expect(document.paths['/health/live'].get.responses['200'].headers).toBeUndefined();
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("documents the headers an error code declares it sends on that code's status", () => {
    const quotaErrors = defineErrors({
      QUOTA_USED_UP: {
        kind: 'limited',
        messages: { en: 'The quota is used up.', 'zh-CN': '配额已用完。' },
        headers: ['Retry-After'],
      },
    });
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'notes.create',
          request: Type.Object({ text: Type.String({ maxLength: 8 }) }),
          response: Type.Object({ text: Type.String() }),
          expose: ['http'],
          errors: [quotaErrors.QUOTA_USED_UP, coreErrors.CONFLICT],
          handle: (request) => request,
        }),
      ],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const responses = (createDispatcher(app, {}).document as any).paths['/notes'].post.responses;
    expect(responses['429'].headers['Retry-After']).toEqual({
      description: 'Sent with QUOTA_USED_UP.',
      schema: { type: 'string' },
    });
    expect(responses['409'].headers?.['Retry-After']).toBeUndefined();
  });

  it("lets a problem carry its error's data, so generated clients do not type it as an empty object", () => {
    const data = documentOf().components.schemas.Problem.properties.data;
    // openapi-typescript reads `{ type: 'object' }` alone as Record<string, never>.
    expect(data).toMatchObject({ type: 'object', additionalProperties: true });
  });

  it('declares bearer security, optional for public operations', () => {
    const document = documentOf();
    expect(document.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/status'].get.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/orders'].post.security).toBeUndefined();
    expect(document.paths['/health/ready'].get.security).toEqual([]);
  });

  it('lists hand-written routes unless they opt out (pages and assets are not API)', () => {
    const handle = () => new Response('ok');
    const document = documentOf({
      routes: [
        { method: 'GET', path: '/reports/{name}', summary: 'A report', handle },
        { method: 'GET', path: '/console/assets/{asset}', public: true, openapi: false, handle },
      ],
    });
    expect(document.paths['/reports/{name}'].get.summary).toBe('A report');
    expect(document.paths['/console/assets/{asset}']).toBeUndefined();
  });

  it("refuses at startup a hand-written route whose id is already another route's operationId", () => {
    const handle = () => new Response('ok');
    expect(() =>
      documentOf({ routes: [{ method: 'GET', path: '/reports', id: 'orders.list', handle }] }),
    ).toThrow(/operationId "orders.list" is given to both GET \/orders and GET \/reports/);
    expect(() =>
      documentOf({
        routes: [
          { method: 'GET', path: '/a', id: 'reports.get', handle },
          { method: 'GET', path: '/b', id: 'reports.get', handle },
        ],
      }),
    ).toThrow(/operationId "reports.get" is given to both GET \/a and GET \/b/);
  });

  it('lists every tag with a description, and the server with its description and audience', () => {
    const document = documentOf({
      openapi: {
        tags: { orders: 'Orders of the caller.' },
        server: { description: 'Local development server', internal: false },
      },
    });
    expect(document.servers).toEqual([
      { url: '/', description: 'Local development server', 'x-internal': false },
    ]);
    const used = new Set(
      Object.values(document.paths).flatMap((item: any) =>
        Object.values(item).flatMap((operation: any) => operation.tags),
      ),
    );
    expect(document.tags.map((tag: any) => tag.name).sort()).toEqual([...used].sort());
    expect(document.tags.find((tag: any) => tag.name === 'orders').description).toBe('Orders of the caller.');
    for (const tag of document.tags) expect(tag.description).toMatch(/\S/);
  });

  it('documents a hand-written route with its id, body, media types and the codes it can answer', () => {
    const handle = () => new Response('ok');
    const document = documentOf({
      routes: [
        {
          method: 'POST',
          path: '/events',
          id: 'events.stream',
          tags: ['events'],
          description: 'Streams events.',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', maxProperties: 1 } } },
          },
          responses: {
            '200': {
              description: 'Events',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          },
          errors: [coreErrors.NOT_FOUND],
          handle,
        },
        { method: 'GET', path: '/.well-known/thing', public: true, handle },
        {
          method: 'GET',
          path: '/lookup',
          public: true,
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          handle,
        },
        // Public to the server (it answers anonymous requests itself) but needing a token, or taking one.
        { method: 'GET', path: '/own-challenge', public: true, security: 'bearer', handle },
        { method: 'GET', path: '/either', public: true, security: 'optional', handle },
      ],
    });
    // A route that describes query parameters reads the query, so one it cannot decode is answered 400.
    const lookup = document.paths['/lookup'].get;
    expect(
      lookup.responses['400'].content['application/problem+json'].schema.allOf[1].properties.code.enum,
    ).toEqual(['MALFORMED_QUERY']);
    const post = document.paths['/events'].post;
    expect(post.operationId).toBe('events.stream');
    expect(post.tags).toEqual(['events']);
    expect(post.requestBody.content['application/json'].schema).toEqual({ type: 'object', maxProperties: 1 });
    expect(Object.keys(post.responses['200'].content)).toEqual(['text/event-stream']);
    const codes = (status: string) =>
      post.responses[status].content['application/problem+json'].schema.allOf[1].properties.code.enum;
    expect(codes('400')).toEqual(['MALFORMED_JSON', 'PROTOTYPE_POISONING']);
    expect(codes('401')).toEqual(['UNAUTHENTICATED']);
    expect(codes('404')).toEqual(['NOT_FOUND']);
    expect(codes('413')).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codes('415')).toEqual([
      'UNSUPPORTED_MEDIA_TYPE',
      'UNSUPPORTED_CHARSET',
      'UNSUPPORTED_CONTENT_ENCODING',
    ]);
    expect(codes('500')).toEqual(['INTERNAL']);
    const open = document.paths['/.well-known/thing'].get;
    expect(open.tags).toEqual(['well-known']);
    expect(Object.keys(open.responses)).toEqual(['200', '500', '503']);
    expect(open.security).toEqual([]);
    expect(document.paths['/events'].post.security).toBeUndefined();
    expect(document.paths['/own-challenge'].get.security).toBeUndefined();
    expect(document.paths['/either'].get.security).toEqual([{}, { bearer: [] }]);
  });

  it('carries no TypeBox internals and no internal operations', () => {
    const document = documentOf();
    const keys: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      keys.push(
        ...Object.keys(node),
        ...Object.getOwnPropertyNames(node),
        ...Object.getOwnPropertySymbols(node).map(String),
      );
      for (const value of Object.values(node)) walk(value);
    };
    walk(document);
    expect(keys.filter((key) => key.startsWith('~') || key.startsWith('Symbol'))).toEqual([]);
    const ids = Object.values(document.paths).flatMap((entry: any) =>
      Object.values(entry).map((operation: any) => operation.operationId),
    );
    expect(ids).not.toContain('internal.hidden');
  });

  it('documents the 204 a route answers when its response admits any value and the handler returns none', async () => {
    const app = createOpwire({
      operations: [
        defineOperation({
          id: 'items.delete',
          request: Type.Object({ id: Type.String({ maxLength: 8 }) }),
          response: Type.Any(),
          expose: ['http'],
          public: true,
          handle: () => undefined,
        }),
        defineOperation({
          id: 'items.get',
          request: Type.Object({ id: Type.String({ maxLength: 8 }) }),
          response: Type.Object({ id: Type.String() }),
          expose: ['http'],
          public: true,
          handle: (request) => ({ id: request.id }),
        }),
      ],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const handler = createFetchHandler(app);
    try {
      const document = (await (await handler(new Request('http://test/openapi.json'))).json()) as any;
      const answer = await handler(new Request('http://test/items/a1', { method: 'DELETE' }));
      expect(answer.status).toBe(204);
      const responses = document.paths['/items/{id}'].delete.responses;
      expect(responses['204']).toEqual({
        description: 'No Content',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
      });
      expect(answer.headers.get('x-request-id')).not.toBeNull();
      expect(Object.keys(responses)).toContain('200');
      expect(Object.keys(document.paths['/items/{id}'].get.responses)).not.toContain('204');
      const result = await validate(structuredClone(document));
      expect(result.valid ? [] : result.errors).toEqual([]);
    } finally {
      await handler.close();
    }
  });
});
