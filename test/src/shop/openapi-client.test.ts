import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components, paths } from './__generated__/shop.js';
import { connectShop, structured } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

const generatedPath = fileURLToPath(new URL('./__generated__/shop.d.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

let running: RunningShop;
let document: Record<string, any>;
beforeAll(async () => {
  // The shop as it runs by default: order writes rate-limited, so the document lists their 429.
  running = await startShop({ writesPerMinute: 60 });
  document = (await running.request('/openapi.json')).body;
}, 120_000);
afterAll(() => running?.close(), 60_000);

/** Formats generated TypeScript the way the repository's formatter does, so the comparison ignores style. */
function formatLikeTheRepository(source: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${generatedPath}`], {
    cwd: repositoryRoot,
    input: source,
    encoding: 'utf8',
  });
}

describe("the demo's OpenAPI document", { timeout: 60_000 }, () => {
  it('passes a real OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('lists every shop operation under its contract id', () => {
    const operationIds = Object.values(
      document.paths as Record<string, Record<string, { operationId?: string }>>,
    )
      .flatMap((item) => Object.values(item).map((operation) => operation.operationId))
      .filter((id) => id?.startsWith('orders.'));
    expect(operationIds.sort()).toEqual(['orders.cancel', 'orders.create', 'orders.get', 'orders.list']);
  });

  it('names the order once, as the Order component every order route refers to', () => {
    const order = { $ref: '#/components/schemas/Order' };
    const json = (path: string, method: string, status: string) =>
      document.paths[path][method].responses[status].content['application/json'].schema;
    expect(json('/orders', 'post', '201')).toEqual(order);
    expect(json('/orders/{id}', 'get', '200')).toEqual(order);
    expect(json('/orders/{id}/cancel', 'post', '200')).toEqual(order);
    expect(json('/orders', 'get', '200').properties.orders.items).toEqual(order);
    expect(document.components.schemas.Order.required).toEqual(
      expect.arrayContaining(['id', 'status', 'customer', 'sku', 'quantity', 'totalCents', 'createdAt']),
    );
  });

  it('lists 429 with Retry-After where the rate limit or a budget applies, and no non-standard status', () => {
    const create = document.paths['/orders'].post.responses;
    expect(create['429'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'RATE_LIMITED',
    ]);
    expect(Object.keys(create['429'].headers)).toContain('Retry-After');
    expect(document.paths['/orders/{id}'].get.responses['429']).toBeUndefined();
    // A chat turn past its budget is refused 429 BUDGET_EXCEEDED with Retry-After, on each of the chat's routes.
    for (const path of ['/ai/chat/stream', '/ai/chat', '/api/chat']) {
      const refused = document.paths[path].post.responses['429'];
      expect(refused.content['application/problem+json'].schema.allOf[1].properties.code.enum).toContain(
        'BUDGET_EXCEEDED',
      );
      expect(refused.headers['Retry-After'].description).toMatch(/BUDGET_EXCEEDED/);
    }
    const statuses = Object.values(document.paths as Record<string, Record<string, any>>).flatMap((item) =>
      Object.values(item).flatMap((operation) => Object.keys(operation.responses ?? {})),
    );
    expect(statuses.filter((status) => !/^(2\d\d|4(0[0-9]|1[0-9]|2[0-9])|5(0[0-5]))$/.test(status))).toEqual(
      [],
    );
  });

  it('declares on the approve route what the approved call answers when it fails, as that call would (422 ORDER_NOT_CANCELLABLE)', async () => {
    const open = (await running.request('/orders?status=paid', { token: 'support-token' })).body.orders[0];
    const { client } = await connectShop(running.url, 'support-token');
    const asked = structured(await client.callTool({ name: 'orders_cancel', arguments: { id: open.id } }));
    await client.close();
    // The order is cancelled meanwhile: the approved cancel runs and fails as a cancel would.
    expect(
      (await running.request(`/orders/${open.id}/cancel`, { method: 'POST', token: 'support-token' })).status,
    ).toBe(200);
    const approved = await running.request(`/ai/approvals/${asked.approval.approvalId}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect([approved.status, approved.body.code]).toEqual([422, 'ORDER_NOT_CANCELLABLE']);
    const declared = document.paths['/ai/approvals/{approvalId}/approve'].post.responses;
    const codesOf = (status: string) =>
      declared[status]?.content['application/problem+json'].schema.allOf[1].properties.code.enum;
    expect(codesOf('422')).toEqual(['ORDER_NOT_CANCELLABLE']);
    expect(codesOf('404')).toEqual(['APPROVAL_NOT_FOUND', 'NOT_FOUND']);
    // Declining runs nothing: it answers only the approval's own codes.
    expect(document.paths['/ai/approvals/{approvalId}/decline'].post.responses['422']).toBeUndefined();
  });

  it('lists the X-Request-Id every answer carries on every response but the health probes', async () => {
    const answer = await running.request('/orders', { token: 'customer-token' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toMatch(/\S/);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      if (path.startsWith('/health/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'servers') continue;
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>))
          expect([method, path, status, response.headers?.['X-Request-Id']?.$ref]).toEqual([
            method,
            path,
            status,
            '#/components/headers/X-Request-Id',
          ]);
      }
    }
  });

  it('documents the hand-written routes with ids and media types (SSE, the UI message stream, MCP)', () => {
    const media = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses['200'].content ?? {});
    expect(document.paths['/ai/chat/stream'].post.operationId).toBe('ai.chat');
    expect(media('/ai/chat/stream', 'post')).toEqual(['text/event-stream']);
    expect(document.paths['/api/chat'].post.operationId).toBe('ai.chat.ui');
    expect(media('/api/chat', 'post')).toEqual(['text/event-stream']);
    expect(document.paths['/mcp'].post.operationId).toBe('mcp.post');
    expect(media('/mcp', 'post')).toEqual(['application/json', 'text/event-stream']);
    expect(document.paths['/mcp'].get.operationId).toBe('mcp.listen');
    // MCP answers anonymous requests with its own 401 challenge, but needs a token: the document's bearer
    // scheme applies (`security: []` would tell clients to send none); its metadata document needs none.
    for (const method of ['post', 'get', 'delete'])
      expect(document.paths['/mcp'][method].security).toBeUndefined();
    expect(document.paths['/.well-known/oauth-protected-resource/mcp'].get.security).toEqual([]);
    // The initialize answer's session header is documented where it is sent.
    expect(Object.keys(document.paths['/mcp'].post.responses['200'].headers)).toEqual([
      'Mcp-Session-Id',
      'X-Request-Id',
    ]);
    expect(document.paths['/console/assets/{asset}']).toBeUndefined();
    const tags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    for (const item of Object.values(document.paths as Record<string, Record<string, any>>))
      for (const operation of Object.values(item))
        if (operation.tags) for (const tag of operation.tags) expect(tags).toContain(tag);
  });

  it('matches the committed client types (regenerate: UPDATE_GENERATED=1 npx vitest run test/src/shop)', async () => {
    const generated = formatLikeTheRepository(
      astToString(await openapiTS(structuredClone(document) as OpenAPI3)),
    );
    if (process.env.UPDATE_GENERATED === '1') await writeFile(generatedPath, generated);
    expect(generated).toBe(await readFile(generatedPath, 'utf8'));
  });
});

describe('a client generated from the document (openapi-typescript + openapi-fetch)', {
  timeout: 60_000,
}, () => {
  const clientFor = (token: string) =>
    createClient<paths>({ baseUrl: running.url, headers: { authorization: `Bearer ${token}` } });

  it('lists, gets, creates and cancels orders against the running demo', async () => {
    const customer = clientFor('customer-token');
    const support = clientFor('support-token');

    const created = await customer.POST('/orders', {
      body: { sku: 'MN-27', quantity: 2, note: 'Two screens' },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ sku: 'MN-27', quantity: 2, totalCents: 49800, status: 'pending' });
    // The generated types name the order: the created one is a `components['schemas']['Order']`.
    const order: components['schemas']['Order'] | undefined = created.data;
    const id = order!.id;

    const fetched = await customer.GET('/orders/{id}', { params: { path: { id } } });
    expect(fetched.data).toEqual(created.data);

    const pending = await customer.GET('/orders', { params: { query: { status: 'pending', limit: 10 } } });
    expect(pending.data?.orders.map((order) => order.id)).toContain(id);
    expect(
      pending.data?.orders.every((order) => order.customer === 'alice' && order.status === 'pending'),
    ).toBe(true);

    const cancelled = await support.POST('/orders/{id}/cancel', { params: { path: { id } } });
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data?.status).toBe('cancelled');

    const again = await support.POST('/orders/{id}/cancel', { params: { path: { id } } });
    expect(again.response.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
  });

  it('surfaces a rejected call as a typed problem', async () => {
    const result = await clientFor('customer-token').POST('/orders', {
      body: { sku: 'KB-01', quantity: 500 },
    });
    expect(result.data).toBeUndefined();
    expect(result.response.status).toBe(422);
    expect(result.error).toMatchObject({ code: 'OUT_OF_STOCK', data: { sku: 'KB-01', available: 50 } });
  });
});
