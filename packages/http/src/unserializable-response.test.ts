import { coreErrors, createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { serveOverLoopback, serveThroughFetchHandler, type TestClient } from './testing/index.js';

// A response can match its schema and still not serialize (a BigInt under `Type.Any`): the client gets
// 500 INTERNAL, the failure is logged once (by the pipeline, which checks before committing), and the
// server keeps serving — whether the handler waited or not.
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
  // An error whose `data` JSON cannot write: the problem is still answered, without the data.
  const clash = (id: string, wait: boolean) =>
    defineOperation({
      id,
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['http'],
      public: true,
      errors: [coreErrors.CONFLICT],
      http: { method: 'GET' },
      handle: () => {
        const error = coreErrors.CONFLICT({ data: { version: 1n } });
        if (wait) return Promise.reject(error);
        throw error;
      },
    });
  return createOpwire({
    operations: [
      make('numbers.now', false),
      make('numbers.later', true),
      clash('versions.now', false),
      clash('versions.later', true),
    ],
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
      expect(logged).toEqual(['operation failed']);
      const again = await client.send({ path: '/health/live' });
      expect(again.status).toBe(200);
    } finally {
      await client.close();
    }
  });

  it.each(['/versions/now', '/versions/later'])(
    '%s: error data that cannot be serialized is dropped and logged, the code still answered',
    async (path) => {
      const logged: unknown[] = [];
      const client: TestClient = await serve(serializationApp(logged));
      try {
        const response = await client.send({ path, headers: { 'x-request-id': 'clash-1' } });
        expect(response.status).toBe(409);
        expect(response.headers.get('x-request-id')).toBe('clash-1');
        const problem = (await response.json()) as Record<string, unknown>;
        expect(problem).toMatchObject({ status: 409, code: 'CONFLICT', type: 'urn:opwire:error:CONFLICT' });
        expect(problem).not.toHaveProperty('data');
        expect(logged).toEqual(['error data could not be serialized']);
        const again = await client.send({ path: '/health/live' });
        expect(again.status).toBe(200);
      } finally {
        await client.close();
      }
    },
  );
});
