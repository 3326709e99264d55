import { type Caller, coreErrors, createOpwire, defineMiddleware, defineOperation } from '@opwire/core';
import { staticTokens } from '@opwire/core/surface';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationRoute } from './http-options.js';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/serve-for-test.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: ['*'] };
const authenticate = staticTokens({ 'alice-token': alice });

function createApp() {
  let hits = 0;
  const limit = defineMiddleware({
    name: 'limit',
    errors: [coreErrors.RATE_LIMITED],
    headers: ['retry-after', 'x-served-by'],
    async run(context, next) {
      hits++;
      if (hits > 2)
        throw coreErrors.RATE_LIMITED({ params: { retryAfter: 9 }, headers: { 'retry-after': '9' } });
      context.setHeader('x-served-by', `hit-${hits}`);
      return next();
    },
  });
  const note = defineOperation({
    id: 'notes.create',
    request: Type.Object({
      text: Type.String({ maxLength: 20 }),
      tags: Type.Optional(Type.Record(Type.String(), Type.Integer())),
    }),
    response: Type.Object({ text: Type.String() }),
    expose: ['http'],
    writes: true,
    use: [limit],
    handle: (request) => ({ text: request.text }),
  });
  const find = defineOperation({
    id: 'notes.list',
    request: Type.Object({ text: Type.Optional(Type.String()) }),
    response: Type.Object({ count: Type.Integer() }),
    expose: ['http'],
    handle: () => ({ count: 0 }),
  });
  const ticks = defineOperation({
    id: 'clock.ticks',
    request: Type.Object({
      count: Type.Integer({ minimum: 1, maximum: 1000 }),
      failAt: Type.Optional(Type.Integer()),
    }),
    response: Type.Object({ type: Type.Literal('tick'), n: Type.Integer() }),
    expose: ['http'],
    stream: true,
    errors: [coreErrors.UNAVAILABLE],
    http: { method: 'POST', path: '/clock/ticks' },
    async *handle(request, context) {
      for (let n = 0; n < request.count; n++) {
        if (n === request.failAt) throw context.errors.UNAVAILABLE();
        yield { type: 'tick' as const, n };
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
  });
  // A streaming `create`: its route answers 201, as for any create.
  const feed = defineOperation({
    id: 'feeds.create',
    request: Type.Object({ events: Type.Array(Type.Any()) }),
    response: Type.Any(),
    expose: ['http'],
    stream: true,
    async *handle(request) {
      for (const event of request.events) yield event === 'nothing' ? undefined : event;
    },
  });
  return createOpwire({ operations: [note, find, ticks, feed], logger: { error() {}, warn() {} } });
}

/**
 * A route for `clock.ticks` whose encoding reads every event itself (as resumable chat streams do) and answers
 * with one line, then holds its body open until the client goes; `read` settles with what it read.
 */
function drainingRoute(detached: boolean) {
  let settle!: (outcome: string) => void;
  const read = new Promise<string>((resolve) => {
    settle = resolve;
  });
  const route: OperationRoute = {
    operation: 'clock.ticks',
    id: detached ? 'clock.ticks.detached' : 'clock.ticks.attached',
    method: 'POST',
    path: detached ? '/clock/ticks/detached' : '/clock/ticks/attached',
    detached,
    encode(events) {
      void (async () => {
        let count = 0;
        try {
          for await (const _ of events as AsyncIterable<unknown>) count++;
          settle(`read ${count}`);
        } catch (error) {
          settle(`failed after ${count}: ${(error as { code?: string }).code}`);
        }
      })();
      return new Response(
        new ReadableStream({
          start: (controller) => controller.enqueue(new TextEncoder().encode('started\n')),
        }),
        { headers: { 'content-type': 'text/plain' } },
      );
    },
  };
  return { route, read };
}

const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

describe.each([
  [
    'node server',
    async (app: ReturnType<typeof createApp>, route?: OperationRoute) =>
      serveOverLoopback(app, { authenticate, operationRoutes: route ? [route] : [] }),
  ],
  [
    'fetch handler',
    async (app: ReturnType<typeof createApp>, route?: OperationRoute) =>
      serveThroughFetchHandler(app, { authenticate, operationRoutes: route ? [route] : [] }),
  ],
])('over the %s', (_name, serve) => {
  it('sends the headers middleware set, with the answer and with the error (429 Retry-After)', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const send = () =>
      client.send({ method: 'POST', path: '/notes', token: 'alice-token', json: { text: 'hi' } });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.headers.get('x-served-by')).toBe('hit-1');
    await send();
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('9');
    expect(await third.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many requests; try again in 9 seconds.',
    });
    const document = (await (await client.send({ path: '/openapi.json' })).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    const responses = document.paths['/notes']?.post?.responses ?? {};
    expect(Object.keys(responses)).toContain('429');
    expect(Object.keys(responses['429']?.headers ?? {})).toEqual([
      'Retry-After',
      'X-Served-By',
      'X-Request-Id',
    ]);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__defineGetter__'])(
    'answers UNKNOWN_FIELD with its field for "%s" in a body and in a query',
    async (key) => {
      const client = await serve(createApp());
      clients.push(client);
      const body = await client.send({
        method: 'POST',
        path: '/notes',
        token: 'alice-token',
        raw: `{"text":"x","${key}":null}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(body.status).toBe(400);
      expect(await body.json()).toMatchObject({
        code: 'UNKNOWN_FIELD',
        errors: [{ code: 'UNKNOWN_FIELD', field: key, pointer: `/${key}` }],
      });
      const query = await client.send({ path: `/notes?${key}=1`, token: 'alice-token' });
      expect(query.status).toBe(400);
      expect(await query.json()).toMatchObject({ code: 'UNKNOWN_FIELD', errors: [{ field: key }] });
    },
  );

  it('answers a bad value inside a record with its own code and a pointer to its key', async () => {
    const client = await serve(createApp());
    clients.push(client);
    const response = await client.send({
      method: 'POST',
      path: '/notes',
      token: 'alice-token',
      json: { text: 'x', tags: { red: 1, blue: 'two' } },
    });
    expect(await response.json()).toMatchObject({
      code: 'WRONG_TYPE',
      errors: [{ code: 'WRONG_TYPE', field: 'tags.blue', pointer: '/tags/blue' }],
    });
  });

  it('serves a streaming operation as server-sent events, audited once when it ends', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const response = await client.send({
      method: 'POST',
      path: '/clock/ticks',
      token: 'alice-token',
      json: { count: 3 },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe(
      [0, 1, 2].map((n) => `event: tick\ndata: {"type":"tick","n":${n}}\n\n`).join(''),
    );
    expect((await app.audit.list()).map((record) => [record.operationId, record.outcome])).toEqual([
      ['clock.ticks', 'ok'],
    ]);
  });

  it('answers a streaming create with the 201 its OpenAPI document gives', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const response = await client.send({
      method: 'POST',
      path: '/feeds',
      token: 'alice-token',
      json: { events: [{ a: 1 }, '绿茶'] },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe('event: message\ndata: {"a":1}\n\nevent: message\ndata: "绿茶"\n\n');
    const document = (await (await client.send({ path: '/openapi.json' })).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    const responses = document.paths['/feeds']?.post?.responses ?? {};
    expect(Object.keys(responses['201']?.content ?? {})).toEqual(['text/event-stream']);
    expect(responses['200']).toBeUndefined();
  });

  it('ends a stream with an INTERNAL error event at an event JSON cannot carry, never `data: undefined`', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const response = await client.send({
      method: 'POST',
      path: '/feeds',
      token: 'alice-token',
      json: { events: [{ a: 1 }, 'nothing', { a: 2 }] },
    });
    const text = await response.text();
    expect(text.startsWith('event: message\ndata: {"a":1}\n\nevent: error\ndata: ')).toBe(true);
    expect(JSON.parse(text.split('event: error\ndata: ')[1] ?? '')).toMatchObject({ code: 'INTERNAL' });
    expect(text).not.toContain('undefined');
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'INTERNAL'],
    ]);
  });

  it('answers 406 NOT_ACCEPTABLE, in the asked language, to a client that accepts only JSON from a stream, running nothing', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const ticks = (accept: Record<string, string>) =>
      client.send({
        method: 'POST',
        path: '/clock/ticks',
        token: 'alice-token',
        json: { count: 1 },
        headers: accept,
      });
    for (const [accept, language, detail] of [
      [
        'application/json',
        'en',
        "This route answers only with text/event-stream, which the request's Accept header does not allow.",
      ],
      [
        'application/json, application/problem+json',
        'zh-CN',
        '此路由只以 text/event-stream 作答，而请求的 Accept 头不接受该类型。',
      ],
      ['text/event-stream;q=0, */*', 'en', expect.any(String)],
    ] as const) {
      const refused = await ticks({ accept, 'accept-language': language });
      expect([refused.status, refused.headers.get('content-type')]).toEqual([
        406,
        'application/problem+json',
      ]);
      expect(await refused.json()).toMatchObject({
        status: 406,
        title: 'Not Acceptable',
        code: 'NOT_ACCEPTABLE',
        detail,
      });
    }
    expect(await app.audit.list()).toEqual([]);
    for (const accept of [
      {},
      { accept: '*/*' },
      { accept: 'text/*' },
      { accept: 'Text/Event-Stream' },
      { accept: 'application/json;q=0.9, text/event-stream' },
    ]) {
      const served = await ticks(accept);
      expect([accept, served.status, await served.text()]).toEqual([
        accept,
        200,
        'event: tick\ndata: {"type":"tick","n":0}\n\n',
      ]);
    }
    // A JSON route is answered as before, whatever the client accepts.
    expect(
      (await client.send({ path: '/notes', token: 'alice-token', headers: { accept: 'text/event-stream' } }))
        .status,
    ).toBe(200);
    const document = (await (await client.send({ path: '/openapi.json' })).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(document.paths['/clock/ticks']?.post?.responses['406']?.description).toBe(
      'Not Acceptable: NOT_ACCEPTABLE',
    );
    expect(Object.keys(document.paths['/notes']?.get?.responses ?? {})).not.toContain('406');
  });

  it('refuses a bad stream request with a problem before streaming, and ends a failing one with an error event', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const refused = await client.send({
      method: 'POST',
      path: '/clock/ticks',
      token: 'alice-token',
      json: { count: 0 },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('OUT_OF_RANGE');
    const failing = await client.send({
      method: 'POST',
      path: '/clock/ticks',
      token: 'alice-token',
      json: { count: 3, failAt: 1 },
    });
    const text = await failing.text();
    expect(text.startsWith('event: tick\ndata: {"type":"tick","n":0}\n\nevent: error\ndata: ')).toBe(true);
    expect(JSON.parse(text.split('event: error\ndata: ')[1] ?? '')).toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
    });
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'OUT_OF_RANGE'],
      ['error', 'UNAVAILABLE'],
    ]);
  });

  it('logs a stream that fails mid-way with an internal error once, not once per layer', async () => {
    const lines: { message: string; details: unknown }[] = [];
    const logger = {
      error: (message: string, details?: unknown) => lines.push({ message, details }),
      warn() {},
    };
    const broken = defineOperation({
      id: 'clock.broken',
      request: Type.Object({}),
      response: Type.Object({ n: Type.Integer() }),
      expose: ['http'],
      stream: true,
      http: { method: 'POST', path: '/clock/broken' },
      async *handle() {
        yield { n: 0 };
        throw new Error('disk on fire');
      },
    });
    const client = await serve(
      createOpwire({ operations: [broken], logger }) as ReturnType<typeof createApp>,
    );
    clients.push(client);
    const answer = await client.send({
      method: 'POST',
      path: '/clock/broken',
      token: 'alice-token',
      json: {},
    });
    const text = await answer.text();
    expect(text).toContain('event: error');
    expect(text).not.toContain('disk on fire');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.map((line) => line.message)).toEqual(['stream failed']);
    expect(
      JSON.stringify(lines[0]?.details, (_key, value) => (value instanceof Error ? value.message : value)),
    ).toContain('disk on fire');
  });

  it("runs a detached route's call on when its client goes away; an attached one is cancelled", async () => {
    for (const detached of [true, false]) {
      const app = createApp();
      const { route, read } = drainingRoute(detached);
      const client = await serve(app, route);
      clients.push(client);
      const controller = new AbortController();
      const response = await client.send({
        method: 'POST',
        path: route.path,
        token: 'alice-token',
        json: { count: 50 },
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      controller.abort();
      await reader.cancel().catch(() => undefined);
      if (detached) {
        expect(await read).toBe('read 50');
        await expect
          .poll(async () => (await app.audit.list()).map((record) => record.outcome))
          .toEqual(['ok']);
      } else {
        expect(await read).toMatch(/^failed after \d+: CANCELLED$/);
        await expect
          .poll(async () => (await app.audit.list()).map((record) => record.code))
          .toEqual(['CANCELLED']);
      }
    }
  });

  it('stops the operation when the client stops reading, audited as stopped', async () => {
    const app = createApp();
    const client = await serve(app);
    clients.push(client);
    const controller = new AbortController();
    const response = await client.send({
      method: 'POST',
      path: '/clock/ticks',
      token: 'alice-token',
      json: { count: 1000 },
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await expect
      .poll(async () => (await app.audit.list()).map((record) => record.outcome), { timeout: 5000 })
      .toEqual(['stopped']);
  });
});
