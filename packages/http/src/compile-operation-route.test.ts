import type { AnyOperation, Opwire, PreparedCall } from '@opwire/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp, type FixtureApp, serveOverLoopback, type TestClient } from './testing/index.js';

let fixture: FixtureApp;
let client: TestClient;
beforeAll(async () => {
  fixture = createFixtureApp();
  client = await serveOverLoopback(fixture.app, { authenticate: fixture.authenticate, bodyLimit: 4096 });
  await client.send({
    method: 'POST',
    path: '/orders',
    token: 'customer-token',
    json: { item: 'tea', quantity: 1 },
  });
});
afterAll(() => client.close());

// Every generated route but the one that fails on purpose, with its path parameters filled in.
const bodyRoutes = [
  ['POST', '/orders'],
  ['PATCH', '/orders/o1'],
  ['POST', '/orders/o1/cancel'],
] as const;
const queryRoutes = [
  ['GET', '/orders'],
  ['GET', '/orders/o1'],
  ['GET', '/status'],
  ['GET', '/reports/2024/summary'],
  ['DELETE', '/orders/o9'],
] as const;
const tokens = fc.constantFrom(undefined, 'customer-token', 'viewer-token', 'forged');

// Codes only a handler raises (it ran, and its transaction rolled back); every other rejection comes first.
const handlerCodes = ['NOT_FOUND', 'RULE_VIOLATION', 'CONFLICT'];

async function expectNoServerErrorAndNoSideEffectWhenRejected(send: () => Promise<Response>) {
  const calls = fixture.handlerCalls();
  const orders = JSON.stringify([...fixture.orders.entries()]);
  const response = await send();
  const text = await response.text();
  expect(response.status).toBeLessThan(500);
  if (response.status < 400) return;
  expect(JSON.stringify([...fixture.orders.entries()])).toBe(orders);
  const { code } = JSON.parse(text) as { code: string };
  if (!handlerCodes.includes(code)) expect(fixture.handlerCalls()).toBe(calls);
}

describe('generated routes under arbitrary input', () => {
  it('never answer 5xx to an arbitrary JSON body, and a rejected one changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyRoutes),
        fc.jsonValue({ maxDepth: 4 }),
        tokens,
        async ([method, path], value, token) => {
          await expectNoServerErrorAndNoSideEffectWhenRejected(() =>
            client.send({ method, path, token, json: value ?? null }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answer 5xx to arbitrary body text or content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyRoutes),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/merge-patch+json',
        ),
        async ([method, path], raw, type) => {
          await expectNoServerErrorAndNoSideEffectWhenRejected(() =>
            client.send({ method, path, token: 'customer-token', raw, headers: { 'content-type': type } }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answer 5xx to arbitrary query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...queryRoutes),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
        ),
        tokens,
        async ([method, path], query, token) => {
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) {
            for (const each of Array.isArray(value) ? value : [value]) search.append(key, each);
          }
          await expectNoServerErrorAndNoSideEffectWhenRejected(() =>
            client.send({ method, path: `${path}?${search}`, token }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the anonymous shortcut', () => {
  it('answers 500 INTERNAL and runs nothing more if the pipeline ever admitted an anonymous call', async () => {
    const inputs: unknown[] = [];
    const base = createFixtureApp();
    // An app whose pipeline wrongly lets an anonymous call through (the real one refuses it first).
    const admitsAnyone: Opwire = {
      ...base.app,
      prepare<O extends AnyOperation>(operation: O | string): PreparedCall<O> {
        const call = base.app.prepare(operation);
        return (input, options) => {
          inputs.push(input);
          return options?.caller === undefined ? ({} as ReturnType<PreparedCall<O>>) : call(input, options);
        };
      },
    };
    const served = await serveOverLoopback(admitsAnyone, { authenticate: base.authenticate });
    try {
      const response = await served.send({
        method: 'POST',
        path: '/orders',
        json: { item: 'tea', quantity: 1 },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'INTERNAL' });
      // Only the admission probe ran; the operation was never called with the body.
      expect(inputs).toEqual([undefined]);
    } finally {
      await served.close();
    }
  });
});

describe('a query string on a route that reads a JSON body', () => {
  it.each(bodyRoutes)(
    '%s %s refuses it 400 UNEXPECTED_QUERY naming the parameter, and runs nothing',
    async (method, path) => {
      const calls = fixture.handlerCalls();
      const orders = JSON.stringify([...fixture.orders.entries()]);
      const response = await client.send({
        method,
        path: `${path}?dryRun=true&b=2`,
        token: 'customer-token',
        json: { item: 'tea', quantity: 1 },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'UNEXPECTED_QUERY',
        field: 'dryRun',
        detail:
          'This route reads its input from the JSON body, not the query string: remove the query parameter "dryRun".',
      });
      expect(fixture.handlerCalls()).toBe(calls);
      expect(JSON.stringify([...fixture.orders.entries()])).toBe(orders);
    },
  );

  it('says so in zh-CN, and is listed among the route 400 codes in OpenAPI', async () => {
    const response = await client.send({
      method: 'POST',
      path: '/orders?id=o1',
      token: 'customer-token',
      headers: { 'accept-language': 'zh-CN' },
      json: { item: 'tea', quantity: 1 },
    });
    expect(await response.json()).toMatchObject({
      code: 'UNEXPECTED_QUERY',
      detail: '此路由从 JSON 请求正文读取输入，不读取查询字符串：请去掉查询参数“id”。',
    });
    const document = (await (await client.send({ method: 'GET', path: '/openapi.json' })).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const codesOf = (method: string, path: string) =>
      JSON.stringify(document.paths[path]?.[method]?.responses['400']);
    expect(codesOf('post', '/orders')).toContain('UNEXPECTED_QUERY');
    expect(codesOf('get', '/orders')).not.toContain('UNEXPECTED_QUERY');
  });

  it('comes after authentication: an anonymous caller is still told 401', async () => {
    const response = await client.send({
      method: 'POST',
      path: '/orders?x=1',
      json: { item: 'tea', quantity: 1 },
    });
    expect(response.status).toBe(401);
  });

  it('leaves a body route without a query (or with a bare "?") served', async () => {
    const response = await client.send({
      method: 'POST',
      path: '/orders?',
      token: 'customer-token',
      json: { item: 'tea', quantity: 1 },
    });
    expect(response.status).toBe(201);
  });
});
