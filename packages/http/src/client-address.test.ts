import { request as httpRequest } from 'node:http';
import { createOpwire, defineOperation, rateLimit } from '@opwire/core';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';
import { createHttpServer } from './create-http-server.js';

function createApp() {
  const seen: Array<string | undefined> = [];
  const signup = defineOperation({
    id: 'accounts.create',
    request: Type.Object({ email: Type.String() }),
    response: Type.Object({ ok: Type.Boolean() }),
    expose: ['http'],
    public: true,
    writes: true,
    handle: (_request, context) => {
      seen.push(context.origin.clientAddress);
      return { ok: true };
    },
  });
  const app = createOpwire({
    operations: [signup],
    use: [rateLimit({ limit: 1, windowMs: 3_600_000 })],
  });
  return { app, seen };
}

/** POSTs from a given loopback address (Linux answers on all of 127.0.0.0/8). */
function postFrom(port: number, localAddress: string): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/accounts',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers['retry-after'] ? { retryAfter: response.headers['retry-after'] } : {}),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end('{"email":"a@example.com"}');
  });
}

describe('the client address', () => {
  const { app, seen } = createApp();
  const server = createHttpServer(app, { docs: false });
  afterAll(() => server.close());

  it.runIf(process.platform === 'linux')(
    'reaches the context, and anonymous callers of a rate-limited route are counted per address',
    async () => {
      const { port } = await server.listen();
      expect(await postFrom(port, '127.0.0.1')).toEqual({ status: 201 });
      const refused = await postFrom(port, '127.0.0.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      // Another client is not held back by the first one's count.
      expect(await postFrom(port, '127.0.0.2')).toEqual({ status: 201 });
      expect(seen).toEqual(['127.0.0.1', '127.0.0.2']);
    },
  );

  it('comes from the fetch handler’s second argument; what a host passes there otherwise is ignored', async () => {
    const fetched = createApp();
    const handle = createFetchHandler(fetched.app, { docs: false });
    const post = (info?: unknown) =>
      handle(
        new Request('http://localhost/accounts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"a@example.com"}',
        }),
        info as never,
      );
    expect((await post({ clientAddress: '203.0.113.7' })).status).toBe(201);
    expect((await post({ clientAddress: '203.0.113.7' })).status).toBe(429);
    expect((await post({ clientAddress: '203.0.113.8' })).status).toBe(201);
    // Hono's mount passes its env as the second argument: no address there, so anonymous callers share one count.
    expect((await post({ incoming: {}, outgoing: {} })).status).toBe(201);
    expect((await post()).status).toBe(429);
    expect(fetched.seen).toEqual(['203.0.113.7', '203.0.113.8', undefined]);
    handle.close();
  });
});
