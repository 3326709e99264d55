import { afterEach, describe, expect, it } from 'vitest';
import type { CustomRoute } from './http-options.js';
import { normalizePrefix, wellKnownPath } from './route-prefix.js';
import {
  createFixtureApp,
  serveOverLoopback,
  serveThroughFetchHandler,
  type TestClient,
} from './testing/index.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const metadata: CustomRoute = {
  method: 'GET',
  path: wellKnownPath('oauth-protected-resource', '/api/mcp'),
  public: true,
  prefixed: false,
  handle: () => Response.json({ resource: 'https://shop.example/api/mcp' }),
};
const ping: CustomRoute = { method: 'GET', path: '/ping', public: true, handle: () => new Response('pong') };

/** A client as a generator makes it from the document: the server URL, then the path of an operationId. */
function clientFrom(document: Record<string, unknown>, send: TestClient['send']) {
  const base = (document.servers as Array<{ url: string }>)[0]?.url ?? '/';
  const paths = document.paths as Record<string, Record<string, { operationId?: string }>>;
  return (operationId: string, init: { token: string; json?: unknown; params?: Record<string, string> }) => {
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, entry] of Object.entries(item)) {
        if (entry?.operationId !== operationId) continue;
        const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => init.params?.[name] ?? '');
        return send({ method: method.toUpperCase(), path: base.replace(/\/$/, '') + filled, ...init });
      }
    }
    throw new Error(`no operation ${operationId} in the document`);
  };
}

describe.each([
  ['node server', serveOverLoopback],
  ['fetch handler', serveThroughFetchHandler],
] as const)('a prefix through the %s', (_name, serve) => {
  const start = async () => {
    const fixture = createFixtureApp();
    client = await serve(fixture.app, {
      authenticate: fixture.authenticate,
      prefix: '/api/',
      routes: [metadata, ping],
    });
    return client;
  };

  it('serves every route under it and nothing outside, except a route with prefixed: false', async () => {
    const served = await start();
    expect((await served.send({ path: '/api/health/live' })).status).toBe(200);
    expect((await served.send({ path: '/api/ping' })).status).toBe(200);
    expect((await served.send({ path: '/health/live' })).status).toBe(404);
    expect((await served.send({ path: '/orders', token: 'customer-token' })).status).toBe(404);
    const wellKnown = await served.send({ path: '/.well-known/oauth-protected-resource/api/mcp' });
    expect(await wellKnown.json()).toEqual({ resource: 'https://shop.example/api/mcp' });
    expect((await served.send({ path: '/api/.well-known/oauth-protected-resource/api/mcp' })).status).toBe(
      404,
    );
  });

  it('lets a client made from /openapi.json call the app through the servers entry', async () => {
    const served = await start();
    const document = (await (await served.send({ path: '/api/openapi.json' })).json()) as Record<
      string,
      unknown
    >;
    expect(document.servers).toEqual([{ url: '/api' }]);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths)).toContain('/orders');
    expect(paths['/.well-known/oauth-protected-resource/api/mcp']?.servers).toEqual([{ url: '/' }]);
    const call = clientFrom(document, served.send);
    const created = await call('orders.create', {
      token: 'customer-token',
      json: { item: 'tea', quantity: 2 },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await call('orders.get', { token: 'customer-token', params: { id } });
    expect(await read.json()).toMatchObject({ id, item: 'tea' });
  });

  it('serves the docs page whose every asset loads relative to it', async () => {
    const served = await start();
    const page = await (await served.send({ path: '/api/docs' })).text();
    const assets = [...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(4);
    for (const asset of assets) {
      const url = new URL(asset, 'http://opwire.test/api/docs');
      expect([asset, (await served.send({ path: url.pathname })).status]).toEqual([asset, 200]);
    }
    const initializer = await (await served.send({ path: '/api/docs/initializer.js' })).text();
    const openapi = /url: '([^']+)'/.exec(initializer)?.[1] as string;
    expect(
      (await served.send({ path: new URL(openapi, 'http://opwire.test/api/docs').pathname })).status,
    ).toBe(200);
    const slash = await served.send({ path: '/api/docs/' });
    // `…/docs/` is sent to `…/docs`, where the relative asset URLs resolve (fetch over a socket follows it).
    const landed =
      slash.status === 308
        ? new URL(slash.headers.get('location') ?? '', 'http://opwire.test/api/docs/').pathname
        : new URL(slash.url).pathname;
    expect(landed).toBe('/api/docs');
  });
});

describe('normalizePrefix', () => {
  it('keeps a path without its trailing slash and refuses what is not a path', () => {
    expect([normalizePrefix(undefined), normalizePrefix('/'), normalizePrefix('/api/v1/')]).toEqual([
      '',
      '',
      '/api/v1',
    ]);
    for (const bad of ['api', '/api/{id}', '/api?x=1', '/a//b'])
      expect(() => normalizePrefix(bad)).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION' }));
  });

  it('puts the resource path after the well-known name (RFC 9728)', () => {
    expect(wellKnownPath('oauth-protected-resource', '/api/mcp/')).toBe(
      '/.well-known/oauth-protected-resource/api/mcp',
    );
    expect(wellKnownPath('oauth-protected-resource', '/')).toBe('/.well-known/oauth-protected-resource');
  });
});
