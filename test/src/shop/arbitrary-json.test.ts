import { httpErrors } from '@opwire/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';

let running: RunningShop;
let orderIds: string[];
beforeAll(async () => {
  running = await startShop();
  orderIds = (await running.request('/orders?limit=100', { token: 'admin-token' })).body.orders.map(
    (order: { id: string }) => order.id,
  );
}, 120_000);
afterAll(() => running?.close(), 60_000);

const tokens = fc.constantFrom(
  undefined,
  'customer-token',
  'support-token',
  'globex-token',
  'admin-token',
  'nobody',
);
const pathIds = () => fc.oneof(fc.constantFrom(...orderIds), fc.string({ maxLength: 80 }));

type ShopRequest = NonNullable<Parameters<RunningShop['request']>[1]>;

/**
 * Whether the pipeline saw a rejected request (and wrote its error record): not when the HTTP layer
 * answered first — its own codes, a body field the path already gives. A token nobody owns is refused by the
 * pipeline, as a missing one is (no shop operation is public).
 */
function reachedPipeline(problem: { code: string; errors?: Array<{ field: string }> }) {
  if (Object.hasOwn(httpErrors, problem.code)) return false;
  if (problem.code === 'UNKNOWN_FIELD') return problem.errors?.[0]?.field !== 'id';
  return true;
}

/** Sends one request and checks: never a 5xx, and a rejected request changes nothing but its own audit record. */
async function sendAndCheck(path: string, request: ShopRequest) {
  const before = await running.snapshot();
  const response = await running.request(path, request);
  expect(
    response.status,
    `${request?.method ?? 'GET'} ${path} → ${JSON.stringify(response.body)}`,
  ).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    await running.expectUnchanged(before, {
      code: response.body.code,
      audited: reachedPipeline(response.body),
    });
  }
}

describe('arbitrary JSON to every route: no 5xx, and a rejected request has no side effect', {
  timeout: 180_000,
}, () => {
  it('POST /orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), tokens, async (body, token) => {
        await sendAndCheck('/orders', { method: 'POST', token, body });
      }),
      { numRuns: 150 },
    );
  });

  it('POST /orders/{id}/cancel', async () => {
    await fc.assert(
      fc.asyncProperty(
        pathIds(),
        fc.option(fc.jsonValue(), { nil: undefined }),
        tokens,
        async (id, body, token) => {
          await sendAndCheck(`/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', token, body });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('GET /orders/{id}', async () => {
    await fc.assert(
      fc.asyncProperty(pathIds(), tokens, async (id, token) => {
        await sendAndCheck(`/orders/${encodeURIComponent(id)}`, { token });
      }),
      { numRuns: 100 },
    );
  });

  it('GET /orders with arbitrary query parameters', async () => {
    const parameters = fc.dictionary(
      fc.oneof(fc.constantFrom('status', 'limit', 'tenant', '__proto__'), fc.string({ maxLength: 12 })),
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.integer().map(String),
        fc.jsonValue().map((value) => JSON.stringify(value)),
      ),
    );
    await fc.assert(
      fc.asyncProperty(parameters, tokens, async (query, token) => {
        await sendAndCheck(`/orders?${new URLSearchParams(query)}`, { token });
      }),
      { numRuns: 100 },
    );
  });

  it('arbitrary JSON with the wrong content type or method', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', ''),
        fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST'),
        async (body, contentType, method) => {
          await sendAndCheck('/orders', {
            method,
            token: 'customer-token',
            rawBody: JSON.stringify(body) ?? 'null',
            headers: contentType ? { 'content-type': contentType } : {},
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
