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
  return createOpwire({ operations: [plain, wrapped, ticks] });
}

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

describe('response headers on both servers', () => {
  it('are the same on the node server and the fetch handler', async () => {
    const [overNode, direct] = await Promise.all(servers.map(([, serve]) => serve(createApp())));
    if (!overNode || !direct) throw new Error('the servers table lists both servers');
    clients.push(overNode, direct);
    for (const [path, json] of [
      ['/plain/run', {}],
      ['/plain/run', { fail: true }],
      ['/wrapped/run', {}],
    ] as const) {
      const [a, b] = await Promise.all([post(overNode, path, json), post(direct, path, json)]);
      const own = (response: Response) =>
        ['x-handler', 'x-middleware', 'cache-control', 'retry-after'].map((name) =>
          response.headers.get(name),
        );
      expect(a.headers.get('x-handler')).toBe('yes');
      expect([b.status, own(b)]).toEqual([a.status, own(a)]);
    }
  });
});
