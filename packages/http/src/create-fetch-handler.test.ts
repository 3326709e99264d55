import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';
import type { HttpOptions } from './http-options.js';
import {
  createFixtureApp,
  type FixtureApp,
  serveOverLoopback,
  serveThroughFetchHandler,
  type TestClient,
  type TestRequest,
} from './testing/index.js';

interface BadInput {
  readonly name: string;
  readonly request: TestRequest;
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** Whether the pipeline saw the call (and audited the rejection) or the HTTP layer answered first. */
  readonly audited: boolean;
}

const customer = 'customer-token';
const order = { item: 'green tea', quantity: 2 };

// Every way a client can get a request wrong, each with its own status and code.
const matrix: readonly BadInput[] = [
  {
    name: 'missing field',
    request: { method: 'POST', path: '/orders', token: customer, json: { item: 'tea' } },
    status: 400,
    code: 'MISSING_FIELD',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'wrong type',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, quantity: '2' } },
    status: 400,
    code: 'WRONG_TYPE',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'null',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, quantity: null } },
    status: 400,
    code: 'NULL_NOT_ALLOWED',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'invalid enum',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, priority: 'urgent' } },
    status: 400,
    code: 'INVALID_ENUM',
    field: 'priority',
    audited: true,
  },
  {
    name: 'unknown field',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, discount: 50 } },
    status: 400,
    code: 'UNKNOWN_FIELD',
    field: 'discount',
    audited: true,
  },
  {
    name: 'out of range',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, quantity: 0 } },
    status: 400,
    code: 'OUT_OF_RANGE',
    field: 'quantity',
    audited: true,
  },
  {
    name: 'JSON array body',
    request: { method: 'POST', path: '/orders', token: customer, json: [order] },
    status: 400,
    code: 'WRONG_TYPE',
    field: '',
    audited: true,
  },
  {
    name: 'malformed JSON',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: '{"item": "tea", ',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'MALFORMED_JSON',
    audited: false,
  },
  {
    name: 'bytes that are not UTF-8',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: new Uint8Array([
        ...new TextEncoder().encode('{"item":"t'),
        0xff,
        0xfe,
        ...new TextEncoder().encode('a","quantity":2}'),
      ]),
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'MALFORMED_JSON',
    audited: false,
  },
  {
    name: 'a lone surrogate',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: '{"item":"t\\ud800a","quantity":2}',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'INVALID_UNICODE',
    audited: true,
  },
  {
    name: 'wrong content type',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: JSON.stringify(order),
      headers: { 'content-type': 'text/plain' },
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    audited: false,
  },
  {
    name: 'missing content type',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: new TextEncoder().encode(JSON.stringify(order)),
    },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    audited: false,
  },
  {
    name: 'wrong charset',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: JSON.stringify(order),
      headers: { 'content-type': 'application/json; charset=latin1' },
    },
    status: 415,
    code: 'UNSUPPORTED_CHARSET',
    audited: false,
  },
  ...[
    ['a JSON body that says it is brotli', 'br', JSON.stringify(order)],
    ['a gzip body', 'gzip', gzipSync(JSON.stringify(order))],
    ['a coding listed after identity', 'identity, gzip', gzipSync(JSON.stringify(order))],
  ].map(([name, coding, raw]) => ({
    name: name as string,
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: raw as string | Uint8Array,
      headers: { 'content-type': 'application/json', 'content-encoding': coding as string },
    },
    status: 415,
    code: 'UNSUPPORTED_CONTENT_ENCODING',
    audited: false,
  })),
  {
    name: 'oversized body',
    request: { method: 'POST', path: '/orders', token: customer, json: { ...order, item: 'x'.repeat(4096) } },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    audited: false,
  },
  {
    name: '__proto__ key',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: '{"item":"tea","quantity":2,"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'PROTOTYPE_POISONING',
    audited: false,
  },
  {
    name: 'constructor.prototype key',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: '{"item":"tea","quantity":2,"x":[{"constructor":{"prototype":{"admin":true}}}]}',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'PROTOTYPE_POISONING',
    audited: false,
  },
  {
    name: 'escaped __proto__ key',
    request: {
      method: 'POST',
      path: '/orders',
      token: customer,
      raw: '{"item":"tea","quantity":2,"\\u005f_proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    },
    status: 400,
    code: 'PROTOTYPE_POISONING',
    audited: false,
  },
  {
    name: '__proto__ query key',
    request: { path: '/orders?__proto__=a&__proto__=b', token: customer },
    status: 400,
    code: 'PROTOTYPE_POISONING',
    audited: false,
  },
  ...[
    ['escaped bytes that are not UTF-8 in a query value', '/orders?status=%6fpen%ff'],
    ['a broken escape in a query value', '/orders?status=a%2'],
    ['a broken escape in one of a repeated query value', '/orders?tags=%ff&tags=%41'],
    ['a broken escape in a query name', '/orders?st%atus=open'],
  ].map(([name, path]) => ({
    name: name as string,
    request: { path: path as string, token: customer },
    status: 400,
    code: 'MALFORMED_QUERY',
    audited: false,
  })),
  {
    name: 'query wrong type',
    request: { path: '/orders?limit=ten', token: customer },
    status: 400,
    code: 'WRONG_TYPE',
    field: 'limit',
    audited: true,
  },
  {
    name: 'query not an exact integer',
    request: { path: '/orders?limit=1.5', token: customer },
    status: 400,
    code: 'WRONG_TYPE',
    field: 'limit',
    audited: true,
  },
  {
    name: 'body repeats a path parameter',
    request: { method: 'PATCH', path: '/orders/o1', token: customer, json: { id: 'o2', quantity: 1 } },
    status: 400,
    code: 'UNKNOWN_FIELD',
    field: 'id',
    audited: false,
  },
  {
    name: 'unknown route',
    request: { path: '/nowhere', token: customer },
    status: 404,
    code: 'ROUTE_NOT_FOUND',
    audited: false,
  },
  {
    name: 'wrong method',
    request: { method: 'PUT', path: '/orders', token: customer, json: order },
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    audited: false,
  },
  {
    name: 'unauthenticated',
    request: { method: 'POST', path: '/orders', json: order },
    status: 401,
    code: 'UNAUTHENTICATED',
    audited: true,
  },
  {
    name: 'invalid token',
    request: { method: 'POST', path: '/orders', token: 'forged', json: order },
    status: 401,
    code: 'UNAUTHENTICATED',
    // Refused like a missing token, through the pipeline, so it is audited as one is.
    audited: true,
  },
  {
    name: 'invalid token on a public operation',
    request: { path: '/status', token: 'forged' },
    status: 401,
    code: 'UNAUTHENTICATED',
    // Not called anonymously instead, and audited as its call's refusal.
    audited: true,
  },
  {
    name: 'denied',
    request: { method: 'POST', path: '/orders', token: 'viewer-token', json: order },
    status: 403,
    code: 'PERMISSION_DENIED',
    audited: true,
  },
];

type Serve = (fixture: FixtureApp, options?: HttpOptions) => Promise<TestClient> | TestClient;

const servers: Array<[string, Serve]> = [
  [
    'node server',
    (fixture, options) =>
      serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, bodyLimit: 1024, ...options }),
  ],
  [
    'fetch handler',
    (fixture, options) =>
      serveThroughFetchHandler(fixture.app, {
        authenticate: fixture.authenticate,
        bodyLimit: 1024,
        ...options,
      }),
  ],
];

describe.each(servers)('bad input through the %s', (_name, serve) => {
  let fixture: FixtureApp;
  let client: TestClient;
  beforeEach(async () => {
    fixture = createFixtureApp();
    client = await serve(fixture);
  });
  afterEach(() => client.close());

  it('reads a JSON body that starts with a byte order mark (one: some clients write it), and refuses two', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const json = [...new TextEncoder().encode('{"item":"tea","quantity":1}')];
    const send = (bytes: number[]) =>
      client.send({
        method: 'POST',
        path: '/orders',
        token: customer,
        headers: { 'content-type': 'application/json' },
        raw: new Uint8Array(bytes),
      });
    const one = await send([...bom, ...json]);
    expect(one.status).toBe(201);
    expect(await one.json()).toMatchObject({ item: 'tea', quantity: 1 });
    const two = await send([...bom, ...bom, ...json]);
    expect(two.status).toBe(400);
    expect(await two.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    expect(fixture.calls.get('orders.create')).toBe(1);
  });

  it.each(matrix)('$name → $status $code, handler never runs', async (entry) => {
    const response = await client.send(entry.request);
    const problem = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(entry.status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(problem).toMatchObject({
      status: entry.status,
      code: entry.code,
      type: `urn:opwire:error:${entry.code}`,
    });
    expect(typeof problem.detail).toBe('string');
    if (entry.field !== undefined) {
      expect(problem.errors).toEqual([expect.objectContaining({ code: entry.code, field: entry.field })]);
    }
    expect(fixture.handlerCalls()).toBe(0);
    expect(fixture.orders.size).toBe(0);
    const records = await fixture.audit.list();
    expect(records.filter((record) => record.outcome === 'ok')).toEqual([]);
    expect(records.map((record) => record.code)).toEqual(entry.audited ? [entry.code] : []);
  });

  it('names the query parameter it cannot decode, and decodes good escapes beside it', async () => {
    const broken = await client.send({ path: '/orders?limit=5&status=%6fpen%ff', token: customer });
    expect([broken.status, await broken.json()]).toEqual([
      400,
      expect.objectContaining({
        code: 'MALFORMED_QUERY',
        field: 'status',
        detail:
          'The query parameter "status" is not valid: percent-encoded bytes must spell UTF-8 text (%C3%A9, not %E9).',
      }),
    ]);
    const chinese = await client.send({
      path: '/orders?status=a%2',
      token: customer,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(((await chinese.json()) as { detail: string }).detail).toBe(
      '查询参数“status”无效：“%”必须开始一个百分号编码的字节，例如 %20。',
    );
    const decoded = await client.send({ path: '/orders?status=%6fpen&tags=caf%C3%A9', token: customer });
    expect([decoded.status, ((await decoded.json()) as { limit: number }).limit]).toEqual([200, 10]);
  });

  it("names the methods a path serves in the reader's language, and in Allow as HTTP lists them", async () => {
    const chinese = await client.send({
      method: 'PUT',
      path: '/orders',
      token: customer,
      json: { item: 'tea', quantity: 1 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.headers.get('allow')).toBe('POST, GET, HEAD');
    expect(((await chinese.json()) as { detail: string }).detail).toBe(
      '此处不允许使用 PUT 方法；请使用 POST、GET、HEAD。',
    );
    const english = await client.send({ method: 'PUT', path: '/orders', token: customer, json: {} });
    expect(((await english.json()) as { detail: string }).detail).toBe(
      'Method PUT is not allowed here; use POST, GET, HEAD.',
    );
  });

  it('routes a path parameter of any length to its operation, which answers for it (not ROUTE_NOT_FOUND)', async () => {
    const response = await client.send({ path: `/orders/${'x'.repeat(2000)}`, token: customer });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
    expect(fixture.handlerCalls()).toBe(1);
  });

  it.each(['application/merge-patch+json', 'application/json; charset=utf-8'])(
    'accepts a JSON body sent as %s',
    async (type) => {
      const response = await client.send({
        method: 'POST',
        path: '/orders',
        token: customer,
        raw: JSON.stringify(order),
        headers: { 'content-type': type },
      });
      expect([response.status, await response.json()]).toEqual([201, { id: 'o1', ...order, status: 'open' }]);
      expect(fixture.orders.size).toBe(1);
    },
  );

  it.each(['identity', ' IDENTITY ', 'identity, Identity'])(
    'accepts a JSON body whose Content-Encoding is %j',
    async (coding) => {
      const response = await client.send({
        method: 'POST',
        path: '/orders',
        token: customer,
        raw: JSON.stringify(order),
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
      });
      expect([response.status, await response.json()]).toEqual([201, { id: 'o1', ...order, status: 'open' }]);
      expect(fixture.orders.size).toBe(1);
    },
  );

  it('refuses JSON declared in another charset as such, naming it, before the handler runs', async () => {
    const send = (type: string, locale = 'en') =>
      client.send({
        method: 'POST',
        path: '/orders',
        token: customer,
        raw: JSON.stringify(order),
        headers: { 'content-type': type, 'accept-language': locale },
      });
    const latin1 = await send('application/json; charset=latin1');
    expect([latin1.status, await latin1.json()]).toEqual([
      415,
      expect.objectContaining({
        code: 'UNSUPPORTED_CHARSET',
        detail: 'The request body must be encoded in UTF-8, not latin1.',
      }),
    ]);
    const quoted = await send('application/json; charset="utf-16"', 'zh-CN');
    expect(await quoted.json()).toMatchObject({
      code: 'UNSUPPORTED_CHARSET',
      detail: '请求正文必须使用 UTF-8 编码，而不是 utf-16。',
    });
    // Not JSON at all is still said so.
    const text = await send('text/plain; charset=latin1');
    expect(await text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(fixture.handlerCalls()).toBe(0);
    expect(fixture.orders.size).toBe(0);
  });

  it('refuses a compressed body with Accept-Encoding: identity, on a hand-written route too, before it runs', async () => {
    await client.close();
    const seen: unknown[] = [];
    client = await serve(fixture, {
      routes: [
        {
          method: 'POST',
          path: '/echo',
          handle: ({ body }) => {
            seen.push(body);
            return Response.json({ body });
          },
        },
      ],
    });
    for (const path of ['/orders', '/echo']) {
      const response = await client.send({
        method: 'POST',
        path,
        token: customer,
        raw: gzipSync(JSON.stringify(order)),
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'accept-language': 'zh-CN',
        },
      });
      expect(response.status).toBe(415);
      expect(response.headers.get('accept-encoding')).toBe('identity');
      expect(await response.json()).toMatchObject({
        code: 'UNSUPPORTED_CONTENT_ENCODING',
        detail: '请求正文不能压缩：Content-Encoding 只接受 identity。',
      });
    }
    expect(seen).toEqual([]);
    expect(fixture.handlerCalls()).toBe(0);
    expect(fixture.orders.size).toBe(0);
    const plain = await client.send({ method: 'POST', path: '/echo', token: customer, json: order });
    expect([plain.status, await plain.json()]).toEqual([200, { body: order }]);
  });

  it('sends the headers each status needs', async () => {
    const wrongMethod = await client.send({ method: 'PUT', path: '/orders', token: customer, json: order });
    expect(wrongMethod.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    const anonymous = await client.send({ method: 'POST', path: '/orders', json: order });
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'Authentication is required.',
    });
    const forged = await client.send({ method: 'POST', path: '/orders', token: 'forged', json: order });
    expect(forged.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    // Same code, but the detail says the token sent was refused, not that none was sent.
    expect(await forged.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: expect.stringMatching(/^The credentials sent were not accepted/),
    });
    const forgedInChinese = await client.send({
      method: 'POST',
      path: '/orders',
      token: 'forged',
      json: order,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(((await forgedInChinese.json()) as { detail: string }).detail).toMatch(/^所发送的凭据未被接受/);
    // Another scheme is not a refused token: RFC 6750 §3.1 gives the bare challenge, no error code.
    const basic = await client.send({
      method: 'POST',
      path: '/orders',
      json: order,
      headers: { authorization: 'Basic YWxpY2U6cHc=' },
    });
    expect([basic.status, basic.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    expect(await basic.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: expect.stringMatching(/^The credentials sent were not accepted/),
    });
  });

  it('answers an unknown throwable with 500 INTERNAL and no details', async () => {
    const response = await client.send({ method: 'POST', path: '/diagnostics/explode', token: customer });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      type: 'urn:opwire:error:INTERNAL',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An internal error occurred.',
      code: 'INTERNAL',
    });
    expect(text).not.toMatch(/hunter2|postgres|stack/);
  });
});

describe('the fetch handler and the node server', () => {
  it('give the same status, headers and body for every request of the matrix', async () => {
    const [overNode, direct] = await Promise.all(servers.map(([, serve]) => serve(createFixtureApp())));
    if (!overNode || !direct) throw new Error('the servers table lists both servers');
    const successes: TestRequest[] = [
      { method: 'POST', path: '/orders', token: customer, json: order },
      {
        method: 'POST',
        path: '/orders',
        token: customer,
        raw: JSON.stringify(order),
        headers: { 'content-type': 'application/merge-patch+json' },
      },
      { path: '/orders/o1', token: customer },
      { path: '/orders?limit=5&status=open', token: customer },
      { path: '/status' },
      { method: 'HEAD', path: '/status' },
      { path: '/health/live' },
    ];
    try {
      for (const request of [...successes, ...matrix.map((entry) => entry.request)]) {
        const headers = { ...request.headers, 'x-request-id': 'same-id' };
        const [a, b] = await Promise.all([
          overNode.send({ ...request, headers }),
          direct.send({ ...request, headers }),
        ]);
        expect({ path: request.path, status: b.status, body: await b.text() }).toEqual({
          path: request.path,
          status: a.status,
          body: await a.text(),
        });
        for (const name of [
          'content-type',
          'allow',
          'www-authenticate',
          'x-request-id',
          'content-language',
        ]) {
          expect(b.headers.get(name)).toBe(a.headers.get(name));
        }
      }
    } finally {
      await Promise.all([overNode.close(), direct.close()]);
    }
  });
});

describe('a request whose client goes away while its body is read', () => {
  it('is cancelled when its signal aborts, though its body stream never ends nor errors', async () => {
    const fixture = createFixtureApp();
    const handler = createFetchHandler(fixture.app, { authenticate: fixture.authenticate });
    const controller = new AbortController();
    // A body that sends half an order, then nothing: a stream built by code, which the abort does not error.
    const body = new ReadableStream<Uint8Array>({
      start: (stream) => stream.enqueue(new TextEncoder().encode('{"item":')),
    });
    const request = new Request('http://shop.test/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit);
    const answered = handler(request);
    setTimeout(() => controller.abort(), 50);
    const response = await answered;
    expect(await response.json()).toMatchObject({ code: 'CANCELLED' });
    expect(fixture.calls.get('orders.create')).toBeUndefined();
  });
});

describe.each(servers)('HEAD through the %s', (_name, serve) => {
  let client: TestClient;
  afterEach(() => client.close());

  it('answers a generated GET route with its status and headers and no body, running it like GET', async () => {
    const fixture = createFixtureApp();
    client = await serve(fixture);
    const get = await client.send({ path: '/status', token: customer, headers: { 'x-request-id': 'h-1' } });
    const head = await client.send({
      method: 'HEAD',
      path: '/status',
      token: customer,
      headers: { 'x-request-id': 'h-1' },
    });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    for (const name of ['content-type', 'x-request-id'])
      expect(head.headers.get(name)).toBe(get.headers.get(name));
    expect(await get.json()).toEqual({ ok: true, caller: 'alice' });
    expect(fixture.calls.get('service.status')).toBe(2);
  });

  it("answers an unknown path and a wrong method with the head of GET's answer, its length that of GET's body", async () => {
    client = await serve(createFixtureApp());
    for (const [path, status] of [
      ['/nope', 404],
      ['/orders/o-1/cancel', 405],
    ] as const) {
      const get = await client.send({ path, token: customer });
      const bytes = (await get.arrayBuffer()).byteLength;
      const head = await client.send({ method: 'HEAD', path, token: customer });
      expect([get.status, head.status]).toEqual([status, status]);
      // The node server sends Content-Length; a fetch host computes its own from the body.
      const length = get.headers.get('content-length');
      if (length !== null) expect(length).toBe(String(bytes));
      expect(head.headers.get('content-length')).toBe(length);
      expect(head.headers.get('allow')).toBe(get.headers.get('allow'));
    }
  });

  it('answers a streaming custom GET route with its head only and cancels the stream', async () => {
    let cancelled: (reason: unknown) => void = () => undefined;
    const cancel = new Promise((resolve) => {
      cancelled = resolve;
    });
    const events: HttpOptions['routes'] = [
      {
        method: 'GET',
        path: '/events',
        public: true,
        // An event stream that stays open until the client goes away.
        handle: () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('data: first\n\n'));
              },
              cancel: (reason) => cancelled(reason ?? 'cancelled'),
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      },
    ];
    client = await serve(createFixtureApp(), { routes: events });
    const head = await client.send({ method: 'HEAD', path: '/events', headers: { 'x-request-id': 'sse-1' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream');
    expect(head.headers.get('x-request-id')).toBe('sse-1');
    expect(head.body).toBeNull();
    const stopped = new Promise((resolve) => setTimeout(() => resolve('still streaming'), 1000));
    expect(await Promise.race([cancel.then(() => 'cancelled'), stopped])).toBe('cancelled');
  });
});

describe('readiness during shutdown', () => {
  it('answers GET /health/ready 503 SHUTTING_DOWN once close() is called, while /health/live and routes still answer', async () => {
    const fixture = createFixtureApp();
    const handler = createFetchHandler(fixture.app);
    const ready = () => handler(new Request('http://shop.test/health/ready'));
    const before = await ready();
    expect([before.status, ((await before.json()) as { status: string }).status]).toEqual([200, 'ready']);
    handler.close();
    const after = await ready();
    expect(after.status).toBe(503);
    expect(await after.json()).toEqual({
      status: 'unavailable',
      checks: [{ name: 'server', critical: true, status: 'degraded', code: 'SHUTTING_DOWN' }],
    });
    expect((await handler(new Request('http://shop.test/health/live'))).status).toBe(200);
    expect((await handler(new Request('http://shop.test/status'))).status).toBe(200);
  });
});

describe('options given as undefined', () => {
  it('take their defaults: bodyLimit undefined is 1 MiB', async () => {
    const fixture = createFixtureApp();
    const client = serveThroughFetchHandler(fixture.app, {
      authenticate: fixture.authenticate,
      bodyLimit: undefined,
      timeoutMs: undefined,
      logger: undefined,
      cors: undefined,
      docs: undefined,
    });
    try {
      const send = (padding: number) =>
        client.send({
          method: 'POST',
          path: '/orders',
          token: customer,
          raw: JSON.stringify(order) + ' '.repeat(padding),
          headers: { 'content-type': 'application/json' },
        });
      expect((await send(100_000)).status).toBe(201);
      const refused = await send(1024 * 1024);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { detail: string }).detail).toContain('1048576 bytes');
    } finally {
      await client.close();
    }
  });
});
