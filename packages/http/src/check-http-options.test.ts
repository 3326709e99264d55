import { describe, expect, it } from 'vitest';
import { createFetchHandler } from './create-fetch-handler.js';
import { createHttpServer } from './create-http-server.js';
import type { HttpOptions } from './http-options.js';
import { createFixtureApp } from './testing/index.js';

const refused = (field: string) =>
  expect.objectContaining({ code: 'INVALID_CONFIGURATION', field, message: expect.stringContaining(field) });

describe('numeric options read from configuration', () => {
  it.each<[string, HttpOptions]>([
    // Number('1mb') is NaN: it would lift the body limit altogether.
    ['bodyLimit', { bodyLimit: Number('1mb') }],
    ['bodyLimit', { bodyLimit: -1 }],
    ['bodyLimit', { bodyLimit: 0 }],
    ['bodyLimit', { bodyLimit: 1.5 }],
    ['bodyLimit', { bodyLimit: Number.POSITIVE_INFINITY }],
    // These would make every call fail with a 500 instead of failing startup.
    ['timeoutMs', { timeoutMs: -1 }],
    ['timeoutMs', { timeoutMs: Number('30s') }],
    // No timeout in Node's and fastify's options; here every call that waits would answer 504.
    ['timeoutMs', { timeoutMs: 0 }],
    ['shutdownTimeoutMs', { shutdownTimeoutMs: Number.NaN }],
    ['shutdownGraceMs', { shutdownGraceMs: -5 }],
  ])('refuses %s in %o at startup, on both servers', (field, options) => {
    const { app } = createFixtureApp();
    expect(() => createHttpServer(app, options)).toThrow(refused(field));
    expect(() => createFetchHandler(app, options)).toThrow(refused(field));
  });

  it('takes sound values and undefined as the default', async () => {
    const { app } = createFixtureApp();
    const server = createHttpServer(app, { bodyLimit: 16, timeoutMs: 1, shutdownTimeoutMs: 0 });
    const { url } = await server.listen({ port: 0 });
    try {
      const response = await fetch(`${url}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ item: 'a long enough item name', quantity: 1 }),
      });
      expect(response.status).toBe(413);
    } finally {
      await server.close();
    }
  });
});
