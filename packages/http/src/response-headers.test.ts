import { coreErrors, createOpwire, defineErrors, defineMiddleware, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/serve-for-test.js';

const errors = defineErrors({
  SLOW_DOWN: {
    kind: 'limited',
    messages: { en: 'Slow down.', 'zh-CN': '请慢一点。' },
    headers: ['retry-after'],
  },
});

// Neither middleware declares a header: what they and the handlers set is sent all the same.
const stamp = defineMiddleware({
  name: 'stamp',
  async run(context, next) {
    context.setHeader('x-middleware', 'stamped');
    return next();
  },
});

const request = Type.Object({ fail: Type.Optional(Type.Boolean()) });

function createApp() {
  const plain = defineOperation({
    id: 'plain.run',
    public: true,
    expose: ['http'],
    http: { method: 'POST' },
    request,
    response: Type.Object({ ok: Type.Boolean() }),
    errors: [errors.SLOW_DOWN],
    handle: (input, context) => {
      context.setHeader('Cache-Control', 'no-store');
      context.setHeader('x-handler', 'yes');
      context.setHeader('vary', 'Cookie');
      if (input.fail) throw context.errors.SLOW_DOWN({ headers: { 'retry-after': '5' } });
      return { ok: true };
    },
  });
  const wrapped = defineOperation({
    id: 'wrapped.run',
    public: true,
    expose: ['http'],
    http: { method: 'POST' },
    use: [stamp],
    request,
    response: Type.Object({ ok: Type.Boolean() }),
    handle: (_input, context) => {
      context.setHeader('x-handler', 'yes');
      return { ok: true };
    },
  });
  const ticks = defineOperation({
    id: 'ticks.run',
    public: true,
    expose: ['http'],
    http: { method: 'POST' },
    stream: true,
    use: [stamp],
    request,
    response: Type.Object({ type: Type.Literal('tick') }),
    async *handle(input, context) {
      context.setHeader('x-handler', 'yes');
      if (input.fail) throw coreErrors.UNAVAILABLE();
      yield { type: 'tick' as const };
    },
  });
  // What no server can send: each way of setting it must end in a 500 INTERNAL, never a dropped connection.
  const broken = defineOperation({
    id: 'broken.run',
    public: true,
    expose: ['http'],
    http: { method: 'POST' },
    use: [echo],
    request: Type.Object({ mode: Type.String() }),
    response: Type.Object({ ok: Type.Boolean() }),
    errors: [errors.SLOW_DOWN],
    handle: ({ mode }, context) => {
      const value = badValues[mode];
      if (value !== undefined) context.setHeader('x-bad', value);
      if (mode === 'name') context.setHeader('x bad', '1');
      if (mode === 'owned') context.setHeader('Content-Type', 'text/plain');
      if (mode === 'raised value')
        throw context.errors.SLOW_DOWN({ headers: { 'retry-after': '1\r\nset-cookie: a=b' } });
      if (mode === 'raised name')
        throw context.errors.SLOW_DOWN({ headers: { 'retry-after': '1', 'retry after': '1' } });
      return { ok: true };
    },
  });
  const logged: unknown[] = [];
  const logger = { error: (_message: string, details?: unknown) => logged.push(details), warn: () => {} };
  return Object.assign(createOpwire({ operations: [plain, wrapped, ticks, broken], logger }), { logged });
}

// Echoes a request header as a response header, as a correlation-id middleware might.
const echo = defineMiddleware({
  name: 'echo',
  async run(context, next) {
    const sent = context.headers['x-echo'];
    if (sent !== undefined) context.setHeader('x-echo', decodeURIComponent(sent));
    return next();
  },
});

const badValues: Readonly<Record<string, string>> = {
  'CR LF': 'a\r\nset-cookie: a=b',
  LF: 'a\nb',
  NUL: 'a\u0000b',
  DEL: 'a\u007fb',
  'leading space': ' a',
  'non-ASCII': 'café',
  'beyond Latin-1': 'a€',
};

const internal = {
  type: 'urn:opwire:error:INTERNAL',
  title: 'Internal Server Error',
  status: 500,
  detail: 'An internal error occurred.',
  code: 'INTERNAL',
};

const servers = [
  ['node server', (app: ReturnType<typeof createApp>) => serveOverLoopback(app)],
  ['fetch handler', async (app: ReturnType<typeof createApp>) => serveThroughFetchHandler(app)],
] as const;

const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

const post = (client: TestClient, path: string, json: unknown = {}) =>
  client.send({ method: 'POST', path, json });

describe.each(servers)('response headers over the %s', (_name, serve) => {
  it('sends what a handler sets, no middleware declaring any header', async () => {
    const client = await serve(createApp());
    clients.push(client);
    const response = await post(client, '/plain/run');
    expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    expect(response.headers.get('x-handler')).toBe('yes');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends what a handler set with the error it raised, beside the error’s own headers', async () => {
    const client = await serve(createApp());
    clients.push(client);
    const response = await post(client, '/plain/run', { fail: true });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([429, 'SLOW_DOWN']);
    expect(response.headers.get('x-handler')).toBe('yes');
    expect(response.headers.get('retry-after')).toBe('5');
    // The problem's own Vary is joined to the handler's, not put in its place.
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
  });

  it('sends what an undeclaring middleware and the handler set', async () => {
    const client = await serve(createApp());
    clients.push(client);
    const response = await post(client, '/wrapped/run');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware')).toBe('stamped');
    expect(response.headers.get('x-handler')).toBe('yes');
  });

  it('sends them with a stream, and with a stream’s failure before its first event', async () => {
    const client = await serve(createApp());
    clients.push(client);
    const stream = await post(client, '/ticks/run');
    expect(await stream.text()).toContain('event: tick');
    expect(stream.headers.get('x-middleware')).toBe('stamped');
    expect(stream.headers.get('x-handler')).toBe('yes');
    const failed = await post(client, '/ticks/run', { fail: true });
    expect([failed.status, ((await failed.json()) as { code: string }).code]).toEqual([503, 'UNAVAILABLE']);
    expect(failed.headers.get('x-middleware')).toBe('stamped');
    expect(failed.headers.get('x-handler')).toBe('yes');
  });
});

describe.each(servers)('a header no server can send, over the %s', (_name, serve) => {
  it.each([...Object.keys(badValues), 'name', 'owned', 'raised value', 'raised name'])(
    'answers 500 INTERNAL without details for a bad header (%s), logged with its cause',
    async (mode) => {
      const app = createApp();
      const client = await serve(app);
      clients.push(client);
      const response = await post(client, '/broken/run', { mode });
      expect([response.status, await response.json()]).toEqual([500, internal]);
      expect(response.headers.get('x-bad')).toBeNull();
      expect(
        JSON.stringify(app.logged, (_key, value) => (value instanceof Error ? value.message : value)),
      ).toMatch(/response header/);
    },
  );

  it.each([
    ['a CR LF', '%0d%0aSet-Cookie:%20a=b', 'set-cookie'],
    ['text beyond ASCII (not bytes of a guessed charset)', 'caf%C3%A9', 'x-echo'],
  ])('answers 500 INTERNAL when middleware echoes %s a client sent', async (_what, echoed, header) => {
    const client = await serve(createApp());
    clients.push(client);
    const response = await client.send({
      method: 'POST',
      path: '/broken/run',
      json: { mode: 'none' },
      headers: { 'x-echo': echoed },
    });
    expect([response.status, await response.json()]).toEqual([500, internal]);
    expect(response.headers.get(header)).toBeNull();
  });
});

describe('response headers on both servers', () => {
  it('are the same on the node server and the fetch handler', async () => {
    const [overNode, direct] = await Promise.all(servers.map(([, serve]) => serve(createApp())));
    if (!overNode || !direct) throw new Error('the servers table lists both servers');
    clients.push(overNode, direct);
    for (const [path, json] of [
      ['/plain/run', {}],
      ['/plain/run', { fail: true }],
      ['/wrapped/run', {}],
      ['/broken/run', { mode: 'CR LF' }],
      ['/broken/run', { mode: 'raised name' }],
      ['/broken/run', { mode: 'non-ASCII' }],
    ] as const) {
      const [a, b] = await Promise.all([post(overNode, path, json), post(direct, path, json)]);
      const own = (response: Response) =>
        ['x-handler', 'x-middleware', 'cache-control', 'retry-after'].map((name) =>
          response.headers.get(name),
        );
      if (path !== '/broken/run') expect(a.headers.get('x-handler')).toBe('yes');
      expect(await b.text()).toBe(await a.text());
      expect([b.status, own(b)]).toEqual([a.status, own(a)]);
    }
  });
});
