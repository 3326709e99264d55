import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/index.js';

// A response can match its schema and still not serialize (a BigInt under `Type.Any`): the client gets
// 500 INTERNAL, the failure is logged, and the server keeps serving — whether the handler waited or not.
function serializationApp(logged: unknown[]) {
  const make = (id: string, wait: boolean) =>
    defineOperation({
      id,
      request: Type.Object({}),
      response: Type.Object({ value: Type.Any() }),
      expose: ['http'],
      public: true,
      http: { method: 'GET' },
      handle: () => (wait ? Promise.resolve({ value: 1n }) : { value: 1n }),
    });
  return createOpwire({
    operations: [make('numbers.now', false), make('numbers.later', true)],
    logger: { error: (message) => logged.push(message), warn: () => {} },
  });
}

const servers: Array<[string, typeof serveOverLoopback | typeof serveThroughFetchHandler]> = [
  ['node server', serveOverLoopback],
  ['fetch handler', serveThroughFetchHandler],
];

describe.each(servers)('%s: a response that cannot be serialized', (_name, serve) => {
  it.each(['/numbers/now', '/numbers/later'])('%s is answered 500 INTERNAL and logged', async (path) => {
    const logged: unknown[] = [];
    const client: TestClient = await serve(serializationApp(logged));
    try {
      const response = await client.send({ path });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'INTERNAL' });
      expect(logged).toEqual(['http request failed']);
      const again = await client.send({ path: '/health/live' });
      expect(again.status).toBe(200);
    } finally {
      await client.close();
    }
  });
});
