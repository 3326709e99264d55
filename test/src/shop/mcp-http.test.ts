import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { coreErrors, defineOperation } from '@opwire/core';
import { demoCallers, OrderRepositoryToken } from '@opwire/example-shop';
import { createFetchHandler, staticTokens } from '@opwire/http';
import { createMcpRoutes } from '@opwire/mcp';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badArguments, connectShop, rpcCodeOf, structured, toolNames } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

let slowStarted: () => void = () => undefined;
/** A write that inserts an order, then waits until the call is cancelled: its insert must roll back. */
const slowOrder = defineOperation({
  id: 'orders.slowPlace',
  request: Type.Object({}),
  response: Type.Object({ id: Type.String() }),
  expose: ['mcp'],
  permission: 'orders:create',
  writes: true,
  ai: { requiresApproval: false },
  async handle(_request, context) {
    const order = await context.resolve(OrderRepositoryToken).insert(context.tenant, {
      customer: context.caller.principalId,
      sku: 'KB-01',
      quantity: 1,
      totalCents: 1,
    });
    slowStarted();
    await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }));
    if (context.signal.aborted) throw coreErrors.CANCELLED();
    return { id: order.id };
  },
});

let running: RunningShop;
let pendingAcmeOrder: string;
beforeAll(async () => {
  running = await startShop({
    operations: [slowOrder],
    http: { corsOrigins: ['https://app.example.com'] },
  });
  pendingAcmeOrder = (await running.request('/orders?status=pending', { token: 'support-token' })).body
    .orders[0].id;
}, 120_000);
afterAll(() => running?.close(), 60_000);

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const postMcp = (headers: Record<string, string>, body: unknown = initialize) =>
  fetch(new URL('/mcp', running.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });

/** A session the customer opened and initialized with raw requests: its id and the headers that carry it. */
const initializedSession = async () => {
  const opened = await postMcp({ authorization: 'Bearer customer-token' });
  const sessionId = opened.headers.get('mcp-session-id') ?? '';
  await opened.body?.cancel();
  const headers = {
    authorization: 'Bearer customer-token',
    'mcp-session-id': sessionId,
    'mcp-protocol-version': '2025-11-25',
  };
  const initialized = await postMcp(headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
  expect(initialized.status).toBe(202);
  return { sessionId, headers };
};

describe('the shop over MCP Streamable HTTP (official SDK client)', { timeout: 60_000 }, () => {
  it.each([
    [
      'customer-token',
      ['knowledge_search', 'orders_create', 'orders_get', 'orders_list', 'orders_slowPlace'],
    ],
    ['support-token', ['knowledge_search', 'orders_cancel', 'orders_get', 'orders_list']],
  ])('offers %s only the tools its caller may call', async (token, expected) => {
    const { client } = await connectShop(running.url, token);
    expect(await toolNames(client)).toEqual(expected);
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'orders_list')).toMatchObject({
      title: 'List orders',
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object' },
    });
    await client.close();
  });

  it('runs a call as the caller: structuredContent (checked by the client against outputSchema) is what HTTP reads back', async () => {
    const { client } = await connectShop(running.url, 'customer-token');
    await client.listTools();
    const before = await running.snapshot();
    const result = await client.callTool({ name: 'orders_create', arguments: { sku: 'MS-02', quantity: 2 } });
    expect(result.isError).toBeUndefined();
    const order = structured(result);
    expect(order).toMatchObject({ customer: 'alice', sku: 'MS-02', quantity: 2, status: 'pending' });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(order);
    const read = await running.request(`/orders/${order.id}`, { token: 'customer-token' });
    expect(read.body).toEqual(order);
    const created = (await running.auditSince(before)).filter((row) => row.operation_id === 'orders.create');
    expect(created.map((row) => [row.origin, row.principal_id, row.outcome])).toEqual([
      ['mcp', 'alice', 'ok'],
    ]);
    await client.close();
  });

  it.each(badArguments)(
    'answers a $name argument with $code on $field like HTTP, and changes nothing',
    async (testCase) => {
      const { client } = await connectShop(running.url, 'customer-token');
      const before = await running.snapshot();
      const result = await client.callTool({ name: testCase.tool, arguments: testCase.arguments });
      expect(result.isError).toBe(true);
      expect(structured(result).error).toMatchObject({ code: testCase.code, field: testCase.field });
      await running.expectUnchanged(before, { code: testCase.code, audited: true });
      const [method, path] = testCase.http;
      const http = await running.request(path, {
        method,
        token: 'customer-token',
        ...(method === 'POST' ? { body: testCase.arguments } : {}),
      });
      expect(http.body.code).toBe(structured(result).error.code);
      // The error's data (OUT_OF_STOCK's sku and available) reaches an MCP client as it reaches HTTP.
      expect(structured(result).error.data).toEqual(http.body.data);
      expect(http.body.detail ?? http.body.title).toBeDefined();
      await client.close();
    },
  );

  it("answers another tenant's order exactly like a missing one, and leaks nothing", async () => {
    const { client } = await connectShop(running.url, 'globex-token');
    const foreign = await client.callTool({ name: 'orders_get', arguments: { id: pendingAcmeOrder } });
    const missing = await client.callTool({ name: 'orders_get', arguments: { id: 'ord_000000000000' } });
    expect(structured(foreign).error.code).toBe('NOT_FOUND');
    expect(structured(foreign)).toEqual(structured(missing));
    const listed = await client.callTool({ name: 'orders_list', arguments: { limit: 100 } });
    expect(JSON.stringify(listed)).not.toContain(pendingAcmeOrder);
    await client.close();
  });

  it('rolls back a call the client cancels mid-way, and audits it CANCELLED', async () => {
    const { client } = await connectShop(running.url, 'customer-token');
    const before = await running.snapshot();
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const controller = new AbortController();
    const call = client.callTool({ name: 'orders_slowPlace', arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await started;
    controller.abort('the user stopped it');
    await expect(call).rejects.toThrow();
    await expect
      .poll(async () => (await running.auditSince(before)).map((row) => row.code), { timeout: 10_000 })
      .toEqual(['CANCELLED']);
    await running.expectUnchanged(before, { code: 'CANCELLED', audited: true });
    await client.close();
  });

  it("opens a session's server-to-client stream (GET) at once, before any event is sent on it", async () => {
    const { headers } = await initializedSession();
    const stream = await fetch(new URL('/mcp', running.url), {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: AbortSignal.timeout(5_000),
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    await stream.body?.cancel();
  });

  it("answers HEAD with GET's head, without opening the session's stream or being refused for the open one", async () => {
    const { sessionId, headers: sessionHeaders } = await initializedSession();
    const headers = { ...sessionHeaders, accept: 'text/event-stream' };
    const head = () =>
      fetch(new URL('/mcp', running.url), { method: 'HEAD', headers, signal: AbortSignal.timeout(5_000) });
    const before = await head();
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('text/event-stream');
    expect(await before.text()).toBe('');
    // HEAD opened no stream: the one GET opens is the session's only one, and a HEAD beside it is still 200.
    const stream = await fetch(new URL('/mcp', running.url), { headers, signal: AbortSignal.timeout(5_000) });
    expect(stream.status).toBe(200);
    const beside = await head();
    expect(beside.status).toBe(200);
    expect(beside.headers.get('mcp-session-id')).toBe(sessionId);
    const second = await fetch(new URL('/mcp', running.url), { headers, signal: AbortSignal.timeout(5_000) });
    expect(second.status).toBe(409);
    await second.body?.cancel();
    await stream.body?.cancel();
    // Without a session, HEAD is refused as GET is.
    const { 'mcp-session-id': _session, ...sessionless } = headers;
    const refused = await fetch(new URL('/mcp', running.url), { method: 'HEAD', headers: sessionless });
    expect(refused.status).toBe(400);
  });

  it('makes an unknown tool and malformed params JSON-RPC errors (-32602)', async () => {
    const { client } = await connectShop(running.url, 'customer-token');
    expect(await rpcCodeOf(client.callTool({ name: 'orders_purge', arguments: {} }))).toBe(-32602);
    // The message on the wire is the text: the client adds "MCP error <code>: " once.
    await expect(client.callTool({ name: 'orders_purge', arguments: {} })).rejects.toThrow(
      /^MCP error -32602: There is no tool named "orders_purge"/,
    );
    await expect(client.callTool({ name: 'orders_purge', arguments: {} })).rejects.not.toThrow(
      /MCP error -32602: MCP error/,
    );
    const malformed = client.request(
      { method: 'tools/call', params: { name: 'orders_list', arguments: 'x' } } as never,
      {} as never,
    );
    expect(await rpcCodeOf(malformed)).toBe(-32602);
    await expect(malformed).rejects.toThrow(
      /^MCP error -32602: The params of "tools\/call" are malformed at "params\.arguments": the message is JSON-RPC 2\.0, but MCP does not accept this value there\.$/,
    );
    await expect(malformed).rejects.toMatchObject({
      data: { code: 'INVALID_PARAMS', field: 'params.arguments' },
    });
    await client.close();
  });
});

describe('approval over MCP', { timeout: 60_000 }, () => {
  it('does not run a cancel until the user approves it where the chat approvals are', async () => {
    const { client } = await connectShop(running.url, 'support-token');
    const result = await client.callTool({ name: 'orders_cancel', arguments: { id: pendingAcmeOrder } });
    expect(structured(result).error.code).toBe('APPROVAL_REQUIRED');
    const { approvalId } = structured(result).approval;
    const unchanged = await running.request(`/orders/${pendingAcmeOrder}`, { token: 'support-token' });
    expect(unchanged.body.status).toBe('pending');
    const someoneElse = await running.request(`/ai/approvals/${approvalId}/approve`, {
      method: 'POST',
      token: 'globex-token',
    });
    expect(someoneElse.body.code).toBe('APPROVAL_NOT_FOUND');
    const approved = await running.request(`/ai/approvals/${approvalId}/approve`, {
      method: 'POST',
      token: 'support-token',
    });
    expect(approved.status).toBe(200);
    const after = await running.request(`/orders/${pendingAcmeOrder}`, { token: 'support-token' });
    expect(after.body.status).toBe('cancelled');
    await client.close();
  });

  it.each([
    ['decline', 'pending'],
    ['accept', 'cancelled'],
  ] as const)('asks a client with elicitation and runs only on accept (%s)', async (answer, status) => {
    const created = await running.request('/orders', {
      method: 'POST',
      token: 'customer-token',
      body: { sku: 'CB-USB', quantity: 1 },
    });
    const { client, asked } = await connectShop(running.url, 'support-token', {
      capabilities: { elicitation: {} },
      elicit: answer,
    });
    const result = await client.callTool({ name: 'orders_cancel', arguments: { id: created.body.id } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(created.body.id);
    if (answer === 'decline') expect(structured(result).error.code).toBe('APPROVAL_DECLINED');
    const after = await running.request(`/orders/${created.body.id}`, { token: 'support-token' });
    expect(after.body.status).toBe(status);
    await client.close();
  });
});

describe('what the MCP endpoint refuses', { timeout: 60_000 }, () => {
  it('answers no token 401 with a pointer to the protected-resource metadata, which it serves', async () => {
    const response = await postMcp({});
    expect(response.status).toBe(401);
    const metadataUrl = `${running.url}/.well-known/oauth-protected-resource/mcp`;
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    const metadata = await fetch(metadataUrl);
    expect(await metadata.json()).toMatchObject({
      resource: `${running.url}/mcp`,
      bearer_methods_supported: ['header'],
    });
    await expect(connectShop(running.url, '')).rejects.toThrow();
  });

  // A refused Bearer token is `invalid_token`; another scheme gets the bare challenge (RFC 6750 §3.1).
  it.each([
    ['Bearer expired-token', ', error="invalid_token"'],
    ['Basic dXNlcjpwYXNz', ''],
  ])(
    'answers credentials it does not accept (%s) 401 with the metadata pointer, in JSON-RPC',
    async (authorization, errorCode) => {
      const response = await postMcp({ authorization });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${running.url}/.well-known/oauth-protected-resource/mcp"${errorCode}`,
      );
      expect(await response.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { data: { code: 'UNAUTHENTICATED' } },
        id: null,
      });
    },
  );

  it("answers a body that is not JSON with JSON-RPC's parse error (-32700)", async () => {
    const response = await fetch(new URL('/mcp', running.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer customer-token',
      },
      body: '{"jsonrpc":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32700, data: { code: 'MALFORMED_JSON' } },
      id: null,
    });
  });

  it('answers a request holding a __proto__ key under its own id, as over stdio, and creates nothing', async () => {
    const { headers } = await initializedSession();
    const before = await running.snapshot();
    const response = await fetch(new URL('/mcp', running.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"orders_create","arguments":{"sku":"KB-01","quantity":1,"__proto__":{"x":1}}}}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32602, data: { code: 'PROTOTYPE_POISONING', field: '/params/arguments/__proto__' } },
      id: 4,
    });
    expect(await running.snapshot()).toEqual(before);
  });

  it('refuses a compressed body 415 UNSUPPORTED_CONTENT_ENCODING, over the node server and the fetch handler, and opens no session', async () => {
    const mcp = createMcpRoutes({ app: running.shop.app, authenticate: staticTokens(demoCallers) });
    const handler = createFetchHandler(running.shop.app, {
      authenticate: staticTokens(demoCallers),
      docs: false,
      routes: mcp.routes,
    });
    const servers: Array<[string, (init: RequestInit) => Promise<Response>]> = [
      ['node server', (init) => fetch(new URL('/mcp', running.url), init)],
      ['fetch handler', (init) => handler(new Request('http://shop.test/mcp', init))],
    ];
    const before = await running.snapshot();
    const openBefore = running.shop.mcp?.sessionCount;
    try {
      for (const [name, send] of servers) {
        for (const [coding, body] of [
          ['br', JSON.stringify(initialize)],
          ['gzip', gzipSync(JSON.stringify(initialize))],
        ] as const) {
          const response = await send({
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-encoding': coding,
              accept: 'application/json, text/event-stream',
              authorization: 'Bearer customer-token',
            },
            body,
          });
          expect([name, coding, response.status, response.headers.get('accept-encoding')]).toEqual([
            name,
            coding,
            415,
            'identity',
          ]);
          expect(response.headers.get('mcp-session-id')).toBeNull();
          expect(await response.json()).toMatchObject({
            jsonrpc: '2.0',
            error: { code: -32600, data: { code: 'UNSUPPORTED_CONTENT_ENCODING' } },
            id: null,
          });
        }
      }
      expect([mcp.sessionCount, running.shop.mcp?.sessionCount]).toEqual([0, openBefore]);
      await running.expectUnchanged(before, { code: 'UNSUPPORTED_CONTENT_ENCODING', audited: false });
    } finally {
      await mcp.close();
    }
  });

  it.each([
    ['an object without jsonrpc', { id: 1, method: 'ping' }],
    ['JSON-RPC 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['null', null],
    ['a string', 'ping'],
    ['an empty batch', []],
  ])(
    "answers %s, JSON but no JSON-RPC message, with JSON-RPC's invalid request (-32600), in or out of a session",
    async (_name, body) => {
      const { client, transport } = await connectShop(running.url, 'customer-token');
      const sessions: Array<Record<string, string>> = [{ 'mcp-session-id': transport.sessionId ?? '' }, {}];
      for (const session of sessions) {
        const response = await postMcp({ authorization: 'Bearer customer-token', ...session }, body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          jsonrpc: '2.0',
          error: { code: -32600, data: { code: 'INVALID_MESSAGE' } },
          id: null,
        });
      }
      const zh = await postMcp({ authorization: 'Bearer customer-token', 'accept-language': 'zh-CN' }, body);
      expect(((await zh.json()) as any).error.message).toMatch(/^请求体不是 JSON-RPC 2\.0 消息/);
      expect(await rpcCodeOf(client.listTools())).toBe('resolved');
      await client.close();
    },
  );

  it.each([
    ['no params', undefined, 'params'],
    [
      'no protocolVersion',
      { capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      'params.protocolVersion',
    ],
    [
      'a numeric protocolVersion',
      { ...initialize.params, protocolVersion: 20251125 },
      'params.protocolVersion',
    ],
    [
      'a clientInfo without version',
      { ...initialize.params, clientInfo: { name: 'curl' } },
      'params.clientInfo.version',
    ],
  ])(
    'answers an initialize with %s -32602 naming the field, and opens no session',
    async (_name, params, field) => {
      const sessions = running.shop.mcp?.sessionCount;
      const body = { jsonrpc: '2.0', id: 1, method: 'initialize', ...(params ? { params } : {}) };
      const response = await postMcp({ authorization: 'Bearer customer-token' }, body);
      expect(response.status).toBe(400);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      const answer = (await response.json()) as any;
      expect(answer.error).toMatchObject({ code: -32602, data: { code: 'INVALID_INITIALIZE' } });
      expect(answer.error.message).toContain(`"${field}"`);
      expect(running.shop.mcp?.sessionCount).toBe(sessions);
    },
  );

  it('says an MCP-Protocol-Version header sent twice on the wire was sent more than once', async () => {
    const { headers } = await initializedSession();
    // node:http sends an array as one header line per value; the server joins them as "a, a".
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        new URL('/mcp', running.url),
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'accept-language': 'zh-CN',
            'mcp-protocol-version': ['2025-11-25', '2025-11-25'],
          },
        },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            body += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'MCP-Protocol-Version 请求头发送了不止一次；请只发送一次，并且只带一个版本。',
        data: { code: 'REPEATED_PROTOCOL_VERSION' },
      },
      id: null,
    });
    // Sent once, the same session answers.
    expect((await postMcp(headers, { jsonrpc: '2.0', id: 3, method: 'tools/list' })).status).toBe(200);
  });

  it('lets a browser script on an allowed origin read the session id it is given', async () => {
    const response = await postMcp({
      authorization: 'Bearer customer-token',
      origin: 'https://app.example.com',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('access-control-expose-headers')?.split(', ')).toEqual([
      'x-request-id',
      'retry-after',
      'idempotent-replayed',
      'mcp-session-id',
      'www-authenticate',
    ]);
    await response.body?.cancel();
  });

  it.each([
    ['a foreign Origin', 403, { origin: 'https://evil.example.net' }],
    ['an allowed Origin', 200, { origin: 'https://app.example.com' }],
    ['no Origin', 200, {}],
  ])('answers %s with %i', async (_name, status, headers) => {
    const response = await postMcp({ authorization: 'Bearer customer-token', ...headers });
    expect(response.status).toBe(status);
    if (status === 403) expect(((await response.json()) as any).error.data.code).toBe('ORIGIN_NOT_ALLOWED');
    else await response.body?.cancel();
  });

  it("refuses a session id with another caller's token, like an unknown or ended one", async () => {
    const owner = await connectShop(running.url, 'support-token');
    const sessionId = owner.transport.sessionId ?? '';
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const session = (token: string, id: string) =>
      postMcp(
        { authorization: `Bearer ${token}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
        list,
      );
    const stolen = await session('globex-token', sessionId);
    const unknown = await session('globex-token', 'A'.repeat(43));
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual(await unknown.json());
    // The SDK client resuming a session it was handed: every request of it is refused.
    const hijacked = await connectShop(running.url, 'globex-token', { sessionId });
    await expect(hijacked.client.listTools()).rejects.toThrow(/SESSION_NOT_FOUND/);
    expect(await rpcCodeOf(owner.client.listTools())).toBe('resolved');
    await owner.transport.terminateSession();
    expect((await session('support-token', sessionId)).status).toBe(404);
    expect((await postMcp({ authorization: 'Bearer support-token' }, list)).status).toBe(400);
  });
});
