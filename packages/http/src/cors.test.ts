import { request as httpRequest } from 'node:http';
import { parseOrigins } from '@opwire/core/surface';
import { afterEach, describe, expect, it } from 'vitest';
import { compileCors } from './cors.js';
import { createHttpServer } from './create-http-server.js';
import type { HttpOptions } from './http-options.js';
import {
  createFixtureApp,
  serveOverLoopback,
  serveThroughFetchHandler,
  type TestClient,
} from './testing/index.js';

const shop = 'https://shop.example';
const cors = { origins: parseOrigins(`${shop}, http://localhost:5173`) };
let client: TestClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const servers: Array<[string, (options: HttpOptions) => Promise<TestClient>]> = [
  ['node server', (options) => serveOverLoopback(createFixtureApp().app, options)],
  ['fetch handler', async (options) => serveThroughFetchHandler(createFixtureApp().app, options)],
];

describe.each(servers)('CORS through the %s', (name, serve) => {
  const withAuth = async (options: HttpOptions = {}) => {
    const fixture = createFixtureApp();
    client =
      name === 'node server'
        ? await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, cors, ...options })
        : serveThroughFetchHandler(fixture.app, { authenticate: fixture.authenticate, cors, ...options });
    return client;
  };

  it('answers a preflight from an allowed origin before authentication, with methods, headers and max age', async () => {
    const preflight = await (await withAuth()).send({
      method: 'OPTIONS',
      path: '/orders',
      headers: {
        origin: shop,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': shop,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '600',
    });
  });

  it('gives an allowed origin the CORS headers on answers and errors, and an unknown one none', async () => {
    const served = await withAuth();
    const created = await served.send({
      method: 'POST',
      path: '/orders',
      token: 'customer-token',
      headers: { origin: shop },
      json: { item: 'tea', quantity: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(shop);
    expect(created.headers.get('access-control-expose-headers')).toContain('x-request-id');
    expect(created.headers.get('vary')).toBe('Origin');
    const refused = await served.send({ path: '/orders', headers: { origin: shop } });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, shop]);
    const foreign = await served.send({
      path: '/orders',
      token: 'customer-token',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const foreignPreflight = await served.send({
      method: 'OPTIONS',
      path: '/orders',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(foreignPreflight.status).toBe(204);
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreignPreflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('joins Vary: a problem keeps Accept-Language and a route’s own Vary stays beside Origin', async () => {
    const served = await withAuth({
      routes: [
        {
          method: 'GET',
          path: '/asset',
          public: true,
          handle: () => new Response('body', { headers: { vary: 'accept-encoding' } }),
        },
      ],
    });
    // A localized problem: a cache must key it on the language as well as on the origin.
    const refused = await served.send({ path: '/orders', headers: { origin: shop } });
    expect([refused.status, refused.headers.get('vary')]).toEqual([401, 'Accept-Language, Origin']);
    const asset = await served.send({ path: '/asset', headers: { origin: shop } });
    expect([asset.status, asset.headers.get('vary')]).toEqual([200, 'accept-encoding, Origin']);
  });

  it('leaves OPTIONS without CORS configured as it was (405 with Allow)', async () => {
    client = await serve({});
    const preflight = await client.send({
      method: 'OPTIONS',
      path: '/orders',
      headers: { origin: shop, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS over a real socket', () => {
  it('serves a request without Origin (curl, a server) as before, with only Vary added', async () => {
    const fixture = createFixtureApp();
    const served = await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, cors });
    client = served;
    const { status, headers } = await new Promise<{ status: number; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const url = new URL(`${served.url}/orders`);
        httpRequest(url, { headers: { authorization: 'Bearer customer-token' } }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, headers: response.headers });
        })
          .on('error', reject)
          .end();
      },
    );
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBeUndefined();
    expect(headers.vary).toBe('Origin');
  });
});

describe('compileCors', () => {
  it('refuses credentials for every origin', () => {
    expect(() => compileCors({ origins: ['*'], credentials: true })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION' }),
    );
  });

  it('answers * without credentials and the origin itself with them', () => {
    expect(compileCors({ origins: ['*'] }).headersFor(shop)['access-control-allow-origin']).toBe('*');
    const withCredentials = compileCors({ origins: [shop], credentials: true }).headersFor(shop);
    expect(withCredentials).toMatchObject({
      'access-control-allow-origin': shop,
      'access-control-allow-credentials': 'true',
    });
  });

  // `origins` given as a list is checked as CORS_ORIGINS is: before, an entry with a trailing slash or capitals
  // was kept as written, the server started, and a browser on that origin got no CORS header.
  it.each([
    ['https://a.example/', 'an origin has no path, query or trailing slash (write https://a.example)'],
    ['https://a.example/app', 'an origin has no path, query or trailing slash (write https://a.example)'],
    ['a.example', 'it is not a URL'],
    ['ftp://a.example', 'the scheme must be http or https'],
    ['', 'it is not a URL'],
  ])('refuses the origin %j when the server is made, naming it', (origin, why) => {
    expect(() => compileCors({ origins: [origin] })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIGURATION',
        params: { reason: `allowed origin "${origin}": ${why}` },
      }),
    );
    expect(() => createHttpServer(createFixtureApp().app, { cors: { origins: [shop, origin] } })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIGURATION' }),
    );
  });

  it('reads an origin written in capitals as the browser sends it', () => {
    const headers = compileCors({ origins: ['https://A.Example'] }).headersFor('https://a.example');
    expect(headers['access-control-allow-origin']).toBe('https://a.example');
  });
});
