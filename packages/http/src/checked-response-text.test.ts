import { createOpwire, defineMiddleware, defineOperation, respondWith } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/index.js';

// The response check writes the JSON answer while it checks the response (one walk of the value): what is
// sent is what was checked, and an answer a middleware put in its place is sent instead.
const status = Type.Object({ status: Type.Union([Type.Literal('paid'), Type.Literal('pending')]) });

function createApp() {
  const moving = defineOperation({
    id: 'orders.moving',
    request: Type.Object({}),
    response: status,
    expose: ['http'],
    public: true,
    http: { method: 'GET' },
    handle: () => {
      // A getter that answers differently once read: the check saw `paid`, any later read sees something else.
      let reads = 0;
      return {
        get status() {
          reads++;
          return (reads === 1 ? 'paid' : '<not in the schema>') as 'paid';
        },
      };
    },
  });
  const replace = defineMiddleware({
    name: 'replace',
    async run(_context, next) {
      await next();
      return respondWith({ status: 'pending' });
    },
  });
  const replaced = defineOperation({
    id: 'orders.replaced',
    request: Type.Object({}),
    response: status,
    expose: ['http'],
    public: true,
    http: { method: 'GET' },
    use: [replace],
    handle: () => ({ status: 'paid' as const }),
  });
  return createOpwire({ operations: [moving, replaced] });
}

describe.each([
  ['node server', serveOverLoopback],
  ['fetch handler', serveThroughFetchHandler],
] as const)('%s: the text the response check wrote', (_name, serve) => {
  it('is the answer: a value read again would say something else', async () => {
    const client: TestClient = await serve(createApp());
    try {
      const response = await client.send({ path: '/orders/moving' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"status":"paid"}');
    } finally {
      await client.close();
    }
  });

  it('gives way to an answer a middleware put in its place', async () => {
    const client: TestClient = await serve(createApp());
    try {
      const response = await client.send({ path: '/orders/replaced' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"status":"pending"}');
    } finally {
      await client.close();
    }
  });
});
