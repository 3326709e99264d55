import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureApp, serveOverLoopback, serveThroughFetchHandler } from './testing/index.js';

type Served = Awaited<ReturnType<typeof serveOverLoopback>>;
const customer = 'customer-token';
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serve() {
  const fixture = createFixtureApp();
  served = await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate });
  return served;
}

/** Sends a request target exactly as given (`*`, `http://host/path`), which `fetch` cannot. */
function sendTarget(url: string, method: string, target: string) {
  const { port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method, path: target, headers: { authorization: `Bearer ${customer}` } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
}

describe('request targets that are not plain paths', () => {
  it('serves the absolute form http://host/path as its path, query included', async () => {
    const server = await serve();
    const plain = await server.send({ path: '/status', token: customer });
    const absolute = await sendTarget(server.url, 'GET', 'http://shop.example/status');
    expect({ status: absolute.status, body: JSON.parse(absolute.body) }).toEqual({
      status: plain.status,
      body: await plain.json(),
    });
    const queried = await sendTarget(server.url, 'GET', 'http://shop.example/status?verbose=1');
    expect(JSON.parse(queried.body)).toMatchObject({ code: 'UNKNOWN_FIELD', errors: [{ field: 'verbose' }] });
  });

  it('answers OPTIONS * with 204 and the methods served, and any other * with MALFORMED_PATH', async () => {
    const server = await serve();
    const options = await sendTarget(server.url, 'OPTIONS', '*');
    expect(options.status).toBe(204);
    expect(String(options.headers.allow).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'POST']),
    );
    const get = await sendTarget(server.url, 'GET', '*');
    expect(get.status).toBe(400);
    expect(JSON.parse(get.body)).toMatchObject({
      code: 'MALFORMED_PATH',
      detail: 'The request path * is not valid: the request target must be a path starting with "/".',
    });
  });

  for (const [surface, connect] of [
    ['node server', serve],
    [
      'fetch handler',
      async () => {
        const fixture = createFixtureApp();
        return serveThroughFetchHandler(fixture.app, { authenticate: fixture.authenticate });
      },
    ],
  ] as const) {
    it(`answers a path with a broken percent-encoding 400 MALFORMED_PATH, not 404 (${surface})`, async () => {
      const client = await connect();
      try {
        for (const path of ['/orders/%zz', '/%zz', '/orders/ab%2']) {
          const response = await client.send({ path, token: customer });
          expect({ path, status: response.status, body: await response.json() }).toMatchObject({
            path,
            status: 400,
            body: { code: 'MALFORMED_PATH', detail: expect.stringContaining(path) },
          });
        }
        const chinese = await client.send({ path: '/orders/%zz', headers: { 'accept-language': 'zh-CN' } });
        expect(await chinese.json()).toMatchObject({
          detail: '请求路径 /orders/%zz 无效：“%”必须开始一个百分号编码的字节，例如 %20。',
        });
        // Escaped bytes that are not UTF-8 cannot name an id either: 400, not "no route matches".
        for (const path of ['/orders/ord%ff', '/orders/%C3%28', '/nowhere/%ff']) {
          const response = await client.send({ path, token: customer });
          expect({ path, status: response.status, body: await response.json() }).toMatchObject({
            path,
            status: 400,
            body: { code: 'MALFORMED_PATH', detail: expect.stringContaining('UTF-8') },
          });
        }
        // A well-formed escape still reaches the route, which answers for the id.
        expect((await client.send({ path: '/orders/%20x', token: customer })).status).toBe(404);
        expect((await client.send({ path: '/orders/%C3%A9', token: customer })).status).toBe(404);
      } finally {
        if (surface === 'fetch handler') await client.close();
      }
    });
  }
});
