import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { propagation } from '@opentelemetry/api';
import { W3CBaggagePropagator } from '@opentelemetry/core';
import { createLogger, createOpwire, defineOperation } from '@opwire/core';
import { staticTokens } from '@opwire/core/surface';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpRoutes, type McpHttpOptions } from './create-mcp-routes.js';
import { connectOverHttp, createNotesApp, hostRoutes, noteCallers } from './test-support.js';

const authenticate = staticTokens({
  'reader-token': noteCallers.reader,
  'writer-token': noteCallers.writer,
  'globex-token': { ...noteCallers.reader, tenant: 'globex' },
});
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

function serve(options: Partial<McpHttpOptions> = {}) {
  const mcp = createMcpRoutes({ app: createNotesApp().app, authenticate, ...options });
  opened.push(mcp);
  return { mcp, fetch: hostRoutes(mcp.routes) };
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const post = (headers: Record<string, string>, body: unknown = initialize): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  body: JSON.stringify(body),
});

describe('authentication', () => {
  it('answers a request without a token 401 with a pointer to the protected-resource metadata', async () => {
    const { fetch } = serve();
    const response = await fetch('http://mcp.test/mcp', post({}));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(await response.json()).toMatchObject({ error: { data: { code: 'UNAUTHENTICATED' } }, id: null });
    const metadata = await fetch('http://mcp.test/.well-known/oauth-protected-resource/mcp');
    expect(await metadata.json()).toEqual({
      resource: 'http://mcp.test/mcp',
      bearer_methods_supported: ['header'],
      resource_name: 'opwire',
    });
  });

  it('says an unknown token is invalid, and builds the URLs from publicUrl and basePath', async () => {
    const { mcp } = serve({
      publicUrl: 'https://shop.example.com',
      basePath: '/api',
      authorizationServers: ['https://id.example.com'],
    });
    const metadataRoute = mcp.routes.find((route) => route.path.startsWith('/.well-known'));
    expect(metadataRoute).toMatchObject({
      path: '/.well-known/oauth-protected-resource/api/mcp',
      prefixed: false,
    });
    const fetch = hostRoutes(mcp.routes);
    const response = await fetch('http://mcp.test/mcp', post({ authorization: 'Bearer stolen' }));
    expect(response.status).toBe(401);
    expect(((await response.clone().json()) as { error: unknown }).error).toMatchObject({
      message: expect.stringMatching(/^The credentials sent were not accepted/),
      data: { code: 'UNAUTHENTICATED' },
    });
    const anonymous = await fetch('http://mcp.test/mcp', post({}));
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(
      'Authentication is required.',
    );
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://shop.example.com/.well-known/oauth-protected-resource/api/mcp", error="invalid_token"',
    );
    // Another scheme is not a refused token: RFC 6750 §3.1 gives the challenge without an error code.
    const basic = await fetch('http://mcp.test/mcp', post({ authorization: 'Basic YWxpY2U6cHc=' }));
    expect([basic.status, basic.headers.get('www-authenticate')]).toEqual([
      401,
      'Bearer resource_metadata="https://shop.example.com/.well-known/oauth-protected-resource/api/mcp"',
    ]);
    const metadata = await fetch('http://mcp.test/.well-known/oauth-protected-resource/api/mcp');
    expect(await metadata.json()).toMatchObject({
      resource: 'https://shop.example.com/api/mcp',
      authorization_servers: ['https://id.example.com'],
    });
  });

  it.each([
    [{ publicUrl: 'https://shop.example.com/app' }, /publicUrl/],
    [{ publicUrl: 'ftp://shop.example.com' }, /publicUrl/],
    [{ basePath: 'api' }, /basePath/],
    [{ path: '/mcp/' }, /path/],
    [{ allowedOrigins: ['*'] }, /allowedOrigins/],
    [{ allowedOrigins: ['https://app.example.com/page'] }, /allowedOrigins/],
  ])('fails startup on %j', (options, reason) => {
    expect(() => createMcpRoutes({ app: createNotesApp().app, authenticate, ...options })).toThrow(reason);
  });
});

describe('the Origin allow-list', () => {
  it.each([
    ['no Origin (not a browser)', 200, {}],
    ['an allowed origin', 200, { origin: 'https://app.example.com' }],
    ['the public URL origin', 200, { origin: 'https://shop.example.com' }],
    ['a foreign origin', 403, { origin: 'https://evil.example.net' }],
    ['an opaque origin', 403, { origin: 'null' }],
  ])('answers %s with %i', async (_name, status, headers) => {
    const { fetch } = serve({
      allowedOrigins: ['https://app.example.com'],
      publicUrl: 'https://shop.example.com',
    });
    const response = await fetch(
      'http://mcp.test/mcp',
      post({ authorization: 'Bearer reader-token', ...headers }),
    );
    expect(response.status).toBe(status);
    if (status === 403)
      expect(await response.json()).toMatchObject({ error: { data: { code: 'ORIGIN_NOT_ALLOWED' } } });
  });

  it('refuses a foreign origin even with a valid token and session', async () => {
    const { mcp } = serve();
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const response = await hostRoutes(mcp.routes)('http://mcp.test/mcp', {
      method: 'GET',
      headers: {
        authorization: 'Bearer reader-token',
        accept: 'text/event-stream',
        'mcp-session-id': transport.sessionId ?? '',
        origin: 'http://localhost:9999',
      },
    });
    expect(response.status).toBe(403);
  });
});

describe('sessions', () => {
  it('refuses what the SDK transport would, with its codes but as every refusal: a code and the text alone, localized', async () => {
    const { mcp } = serve();
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const fetch = hostRoutes(mcp.routes);
    const session = { authorization: 'Bearer reader-token', 'mcp-session-id': transport.sessionId ?? '' };
    const list = { jsonrpc: '2.0', id: 9, method: 'tools/list' };
    const jsonOnly = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, accept: 'application/json' }, list),
    );
    expect(jsonOnly.status).toBe(406);
    expect(await jsonOnly.json()).toMatchObject({
      error: {
        code: -32000,
        message:
          'The Accept header must list application/json and text/event-stream: the answer may be JSON or an event stream.',
        data: { code: 'NOT_ACCEPTABLE' },
      },
    });
    const jsonOnlyInChinese = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, accept: 'application/json', 'accept-language': 'zh-CN' }, list),
    );
    expect(((await jsonOnlyInChinese.json()) as { error: { message: string } }).error.message).toBe(
      'Accept 头必须列出 application/json 和 text/event-stream：响应可能是 JSON，也可能是事件流。',
    );
    const stream = await fetch('http://mcp.test/mcp', {
      method: 'GET',
      headers: { ...session, accept: 'application/json', 'accept-language': 'zh-CN' },
    });
    expect([stream.status, stream.headers.get('content-language')]).toEqual([406, 'zh-CN']);
    expect(((await stream.json()) as { error: { message: string } }).error.message).toBe(
      'Accept 头必须列出 text/event-stream：GET 打开的是会话的事件流。',
    );
    // A GET is answered only with an event stream: it is not told the answer may be JSON.
    const streamInEnglish = await fetch('http://mcp.test/mcp', {
      method: 'GET',
      headers: { ...session, accept: 'application/json' },
    });
    expect(((await streamInEnglish.json()) as { error: { message: string } }).error.message).toBe(
      'The Accept header must list text/event-stream: a GET opens the session’s event stream.',
    );
    const future = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, 'mcp-protocol-version': '1999-01-01' }, list),
    );
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({
      error: {
        code: -32000,
        message: expect.stringMatching(/^MCP protocol version "1999-01-01" is not supported; send one of 20/),
        data: { code: 'UNSUPPORTED_PROTOCOL_VERSION' },
      },
    });
    // In Chinese the supported versions are enumerated with 、, not an English comma.
    const futureInChinese = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, 'mcp-protocol-version': '1999-01-01', 'accept-language': 'zh-CN' }, list),
    );
    const chinese = ((await futureInChinese.json()) as { error: { message: string } }).error.message;
    expect(chinese).toMatch(/^不支持 MCP 协议版本“1999-01-01”，请使用以下版本之一：20\d\d-\d\d-\d\d、20/);
    expect(chinese).not.toContain(', ');
    // The session still serves a request it accepts.
    const fine = await fetch('http://mcp.test/mcp', post(session, list));
    expect(fine.status).toBe(200);
  });

  it('says a repeated MCP-Protocol-Version header was sent more than once, not that "a, a" is unsupported', async () => {
    const { mcp, fetch } = serve();
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const headers = (language: string) =>
      new Headers([
        ['content-type', 'application/json'],
        ['accept', 'application/json, text/event-stream'],
        ['accept-language', language],
        ['authorization', 'Bearer reader-token'],
        ['mcp-session-id', transport.sessionId ?? ''],
        ['mcp-protocol-version', '2025-11-25'],
        ['mcp-protocol-version', '2025-11-25'],
      ]);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    const repeated = await fetch('http://mcp.test/mcp', { method: 'POST', headers: headers('en'), body });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'The MCP-Protocol-Version header was sent more than once; send it once, with one version.',
        data: { code: 'REPEATED_PROTOCOL_VERSION' },
      },
      id: null,
    });
    const zh = await fetch('http://mcp.test/mcp', { method: 'POST', headers: headers('zh-CN'), body });
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      'MCP-Protocol-Version 请求头发送了不止一次；请只发送一次，并且只带一个版本。',
    );
  });

  it('answers initialize on an open session under its own id with SESSION_ALREADY_INITIALIZED, in the reader’s language', async () => {
    const { mcp, fetch } = serve();
    const { client, transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const session = { authorization: 'Bearer reader-token', 'mcp-session-id': transport.sessionId ?? '' };
    const again = await fetch('http://mcp.test/mcp', post(session, { ...initialize, id: 'again' }));
    expect([again.status, again.headers.get('content-language')]).toEqual([400, 'en']);
    expect(await again.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'This MCP session is initialized already: to open a new session, send initialize without an Mcp-Session-Id header.',
        data: { code: 'SESSION_ALREADY_INITIALIZED' },
      },
      id: 'again',
    });
    const zh = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, 'accept-language': 'zh-CN' }, initialize),
    );
    expect(await zh.json()).toMatchObject({
      error: {
        message: '此 MCP 会话已初始化：如需建立新会话，请发送不带 Mcp-Session-Id 头的 initialize 请求。',
      },
      id: 1,
    });
    // The session is untouched and goes on.
    expect(mcp.sessionCount).toBe(1);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('answers a method the server does not offer (logging/setLevel) -32601 naming it, with data.code, localized', async () => {
    const { mcp, fetch } = serve();
    const { client, transport } = await connectOverHttp(mcp.routes, 'reader-token');
    await expect(client.setLoggingLevel('info')).rejects.toMatchObject({
      code: -32601,
      message:
        'MCP error -32601: This MCP server does not offer the method "logging/setLevel"; the capabilities in its initialize answer say what it serves.',
      data: { code: 'METHOD_NOT_FOUND' },
    });
    const session = {
      authorization: 'Bearer reader-token',
      'mcp-session-id': transport.sessionId ?? '',
      'accept-language': 'zh-CN',
    };
    const zh = await fetch(
      'http://mcp.test/mcp',
      post(session, { jsonrpc: '2.0', id: 5, method: 'resources/list' }),
    );
    expect(await zh.text()).toContain(
      JSON.stringify({
        code: -32601,
        message:
          '本 MCP 服务器不提供方法“resources/list”；它在 initialize 响应中的 capabilities 列出了所提供的功能。',
        data: { code: 'METHOD_NOT_FOUND' },
      }),
    );
  });

  it('mints unguessable ids and serves the SDK client', async () => {
    const { mcp } = serve();
    const { client, transport } = await connectOverHttp(mcp.routes, 'writer-token');
    expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('notes_create');
    const result = await client.callTool({ name: 'notes_create', arguments: { text: 'over http' } });
    expect(result.structuredContent).toEqual({ id: 'note-1', text: 'over http' });
    expect(mcp.sessionCount).toBe(1);
  });

  it("refuses another caller's token on a session, exactly as an unknown id, and keeps it for its owner", async () => {
    const { mcp } = serve();
    const owner = await connectOverHttp(mcp.routes, 'writer-token');
    const sessionId = owner.transport.sessionId ?? '';
    const fetch = hostRoutes(mcp.routes);
    const call = (token: string, id: string) =>
      fetch(
        'http://mcp.test/mcp',
        post(
          { authorization: `Bearer ${token}`, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
          {
            jsonrpc: '2.0',
            id: 9,
            method: 'tools/call',
            params: { name: 'notes_create', arguments: { text: 'x' } },
          },
        ),
      );
    const stolen = await call('reader-token', sessionId);
    const unknown = await call('reader-token', 'A'.repeat(43));
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual(await unknown.json());
    expect((await owner.client.callTool({ name: 'notes_list', arguments: {} })).isError).toBeUndefined();
  });

  it('ends a session on DELETE', async () => {
    const { mcp } = serve();
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const sessionId = transport.sessionId ?? '';
    await transport.terminateSession();
    expect(mcp.sessionCount).toBe(0);
    const after = await hostRoutes(mcp.routes)(
      'http://mcp.test/mcp',
      post(
        { authorization: 'Bearer reader-token', 'mcp-session-id': sessionId },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ),
    );
    expect(after.status).toBe(404);
  });

  it('refuses a second event stream of a session as every refusal is: a code and the text, localized', async () => {
    const { fetch } = serve();
    const opened = await fetch('http://mcp.test/mcp', post({ authorization: 'Bearer reader-token' }));
    await opened.text();
    const session = {
      authorization: 'Bearer reader-token',
      'mcp-session-id': opened.headers.get('mcp-session-id') ?? '',
      accept: 'text/event-stream',
    };
    const first = await fetch('http://mcp.test/mcp', { method: 'GET', headers: session });
    expect(first.status).toBe(200);
    const second = await fetch('http://mcp.test/mcp', { method: 'GET', headers: session });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'This MCP session already has its event stream open (GET): one at a time; close it before opening another.',
        data: { code: 'STREAM_ALREADY_OPEN' },
      },
      id: null,
    });
    const zh = await fetch('http://mcp.test/mcp', {
      method: 'GET',
      headers: { ...session, 'accept-language': 'zh-CN' },
    });
    expect(zh.headers.get('content-language')).toBe('zh-CN');
    // The answer depends on the caller's language, as problem+json answers say.
    expect(zh.headers.get('vary')).toBe('Accept-Language');
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      '此 MCP 会话的事件流（GET）已经打开：同一时间只能有一个，请先关闭它再打开新的。',
    );
    await first.body?.cancel();
  });

  it('honours MCP-Protocol-Version: an unsupported one is 400', async () => {
    const { mcp } = serve();
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const response = await hostRoutes(mcp.routes)(
      'http://mcp.test/mcp',
      post(
        {
          authorization: 'Bearer reader-token',
          'mcp-session-id': transport.sessionId ?? '',
          'mcp-protocol-version': '1999-01-01',
        },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ),
    );
    expect(response.status).toBe(400);
  });

  it('answers a malformed initialize with the id it was sent, as JSON-RPC asks of an id it could read', async () => {
    const { mcp, fetch } = serve();
    for (const id of [7, 'init-1']) {
      const body = {
        ...initialize,
        id,
        params: { capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      };
      const response = await fetch(
        'http://mcp.test/mcp',
        post({ authorization: 'Bearer reader-token' }, body),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: -32602, data: { code: 'INVALID_INITIALIZE' } },
        id,
      });
    }
    expect(mcp.sessionCount).toBe(0);
  });

  it('refuses an initialize sent as a notification (no id) with invalid request, opening no session', async () => {
    const { mcp, fetch } = serve();
    const { id: _id, ...notification } = initialize;
    const response = await fetch(
      'http://mcp.test/mcp',
      post({ authorization: 'Bearer reader-token' }, notification),
    );
    expect([response.status, response.headers.get('content-language')]).toEqual([400, 'en']);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'The initialize message has no "id": send it as a request, since the session opens with its answer.',
        data: { code: 'INITIALIZE_NOT_A_REQUEST' },
      },
      id: null,
    });
    expect(mcp.sessionCount).toBe(0);
    // On an open session too, in the reader's language.
    const { transport } = await connectOverHttp(mcp.routes, 'reader-token');
    const session = { authorization: 'Bearer reader-token', 'mcp-session-id': transport.sessionId ?? '' };
    const zh = await fetch(
      'http://mcp.test/mcp',
      post({ ...session, 'accept-language': 'zh-CN' }, notification),
    );
    expect(zh.status).toBe(400);
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      '初始化消息缺少 "id"：请以请求的形式发送，因为会话要通过对它的响应建立。',
    );
    expect(mcp.sessionCount).toBe(1);
  });

  it('answers a valid envelope with a malformed _meta under its own id, as invalid params naming the field', async () => {
    const { mcp, fetch } = serve();
    const { client, transport } = await connectOverHttp(mcp.routes, 'writer-token');
    const session = { authorization: 'Bearer writer-token', 'mcp-session-id': transport.sessionId ?? '' };
    const call = {
      jsonrpc: '2.0',
      id: 'x',
      method: 'tools/call',
      params: { name: 'notes_create', arguments: { text: 'hello' }, _meta: 5 },
    };
    const response = await fetch('http://mcp.test/mcp', post({ ...session, 'accept-language': 'en' }, call));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32602,
        message:
          'The params of "tools/call" are malformed at "params._meta": the message is JSON-RPC 2.0, but MCP does not accept this value there.',
        data: { code: 'INVALID_PARAMS', field: 'params._meta' },
      },
      id: 'x',
    });
    const zh = await fetch('http://mcp.test/mcp', post({ ...session, 'accept-language': 'zh-CN' }, call));
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      '“tools/call”的参数在“params._meta”处格式不正确：消息本身符合 JSON-RPC 2.0，但 MCP 不接受此处的值。',
    );
    // An envelope JSON-RPC itself rejects is still invalid request, with no id.
    const envelope = await fetch('http://mcp.test/mcp', post(session, { ...call, params: 5 }));
    expect(await envelope.json()).toMatchObject({
      error: { code: -32600, data: { code: 'INVALID_MESSAGE' } },
      id: null,
    });
    // Nothing ran, and the session still serves a well-formed call.
    expect((await client.callTool({ name: 'notes_list', arguments: {} })).structuredContent).toEqual({
      notes: [],
    });
  });

  it('answers a notification whose params MCP rejects 202 with no body, as JSON-RPC answers no notification', async () => {
    const { mcp, fetch } = serve();
    const { client, transport } = await connectOverHttp(mcp.routes, 'writer-token');
    const session = { authorization: 'Bearer writer-token', 'mcp-session-id': transport.sessionId ?? '' };
    const notification = { jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: 5 } };
    const response = await fetch('http://mcp.test/mcp', post(session, notification));
    expect([response.status, await response.text()]).toEqual([202, '']);
    // The session still serves a well-formed call.
    expect((await client.callTool({ name: 'notes_list', arguments: {} })).structuredContent).toEqual({
      notes: [],
    });
  });

  it('asks for a session id on anything but initialize', async () => {
    const { fetch } = serve();
    const response = await fetch(
      'http://mcp.test/mcp',
      post({ authorization: 'Bearer reader-token' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    );
    expect(response.status).toBe(400);
    // The JSON-RPC codes the SDK's own server transport uses: -32000 here, -32001 for an unknown session.
    expect(await response.json()).toMatchObject({
      error: {
        code: -32000,
        // What to do, not only what is missing.
        message:
          'This request needs an MCP session: send initialize first, then send the Mcp-Session-Id header its answer returns with every request after it.',
        data: { code: 'SESSION_REQUIRED' },
      },
    });
    const zh = await fetch(
      'http://mcp.test/mcp',
      post(
        { authorization: 'Bearer reader-token', 'accept-language': 'zh-CN' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ),
    );
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      '此请求需要 MCP 会话：请先发送 initialize 请求，之后的每个请求都带上其响应返回的 Mcp-Session-Id 头。',
    );
    const unknown = await fetch(
      'http://mcp.test/mcp',
      post(
        { authorization: 'Bearer reader-token', 'mcp-session-id': 'no-such-session' },
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      ),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { code: -32001, data: { code: 'SESSION_NOT_FOUND' } },
    });
  });

  it('bounds the sessions: 503 past the limit, and a caller past its own limit loses its oldest', async () => {
    const { mcp } = serve({ sessions: { max: 2, maxPerCaller: 1 } });
    const first = await connectOverHttp(mcp.routes, 'reader-token');
    const second = await connectOverHttp(mcp.routes, 'reader-token');
    expect(mcp.sessionCount).toBe(1);
    await expect(first.client.listTools()).rejects.toMatchObject({ code: 404 });
    expect((await second.client.listTools()).tools.length).toBeGreaterThan(0);
    await connectOverHttp(mcp.routes, 'writer-token');
    const refused = await hostRoutes(mcp.routes)(
      'http://mcp.test/mcp',
      post({ authorization: 'Bearer writer-token' }),
    );
    // The writer holds one session already, so its own oldest goes and the new one fits.
    expect(refused.status).toBe(200);
    expect(mcp.sessionCount).toBe(2);
  });

  it('says when to try again past the session limit: Retry-After, and data.retryAfter in seconds', async () => {
    const { mcp, fetch } = serve({ sessions: { max: 1 } });
    await connectOverHttp(mcp.routes, 'reader-token');
    const refused = await fetch('http://mcp.test/mcp', post({ authorization: 'Bearer writer-token' }));
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '30']);
    expect(await refused.json()).toMatchObject({
      error: { code: -32603, data: { code: 'SESSION_LIMIT_REACHED', retryAfter: 30 } },
    });
  });
});

describe('JSON-RPC batches', () => {
  /** Opens a session at `protocolVersion` by hand, as a client of that version would; returns its headers. */
  async function openAt(
    fetch: ReturnType<typeof serve>['fetch'],
    protocolVersion: string,
    token = 'reader-token',
  ) {
    const opened = await fetch(
      'http://mcp.test/mcp',
      post(
        { authorization: `Bearer ${token}` },
        { ...initialize, params: { ...initialize.params, protocolVersion } },
      ),
    );
    expect(opened.status).toBe(200);
    await opened.text();
    return {
      authorization: `Bearer ${token}`,
      'mcp-session-id': opened.headers.get('mcp-session-id') ?? '',
      'mcp-protocol-version': protocolVersion,
    };
  }
  const batch = [
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'ping' },
  ];

  it.each(['2025-06-18', '2025-11-25'])(
    'refuses a batch on a session negotiated at %s with invalid request (-32600), saying why',
    async (protocolVersion) => {
      const { fetch } = serve();
      const headers = await openAt(fetch, protocolVersion);
      const response = await fetch('http://mcp.test/mcp', post(headers, batch));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message: `MCP protocol version ${protocolVersion} has no JSON-RPC batches (they were removed in 2025-06-18): send one message per request.`,
          data: { code: 'BATCH_NOT_SUPPORTED' },
        },
        id: null,
      });
      const zh = await fetch('http://mcp.test/mcp', post({ ...headers, 'accept-language': 'zh-CN' }, batch));
      expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
        `MCP 协议版本 ${protocolVersion} 不支持 JSON-RPC 批量请求（已在 2025-06-18 中移除）：请每个请求只发送一条消息。`,
      );
      const single = await fetch('http://mcp.test/mcp', post(headers, batch[0]));
      expect(single.status).toBe(200);
    },
  );

  it('answers every message of a batch on a session negotiated at 2025-03-26', async () => {
    const { fetch } = serve();
    const headers = await openAt(fetch, '2025-03-26');
    const response = await fetch('http://mcp.test/mcp', post(headers, batch));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"id":2');
    expect(text).toContain('"id":3');
  });

  it('refuses a request whose id one still being answered on the session has, running nothing; the id is free again once answered', async () => {
    const notesApp = createNotesApp();
    const mcp = createMcpRoutes({ app: notesApp.app, authenticate });
    opened.push(mcp);
    const fetch = hostRoutes(mcp.routes);
    const headers = await openAt(fetch, '2025-11-25', 'writer-token');
    const started = notesApp.slowCall();
    const slow = await fetch(
      'http://mcp.test/mcp',
      post(headers, {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'notes_slow', arguments: {} },
      }),
    );
    await started;
    const ping = (id: number | string, language = 'en') =>
      fetch(
        'http://mcp.test/mcp',
        post({ ...headers, 'accept-language': language }, { jsonrpc: '2.0', id, method: 'ping' }),
      );
    // A write reusing the id is refused before it runs: no note is written.
    const reused = await fetch(
      'http://mcp.test/mcp',
      post(
        { ...headers, 'accept-language': 'en' },
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/call',
          params: { name: 'notes_create', arguments: { text: 'twice' } },
        },
      ),
    );
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'A request with the id 5 is still being answered on this session: give each request an id of its own (this one did not run).',
        data: { code: 'REQUEST_ID_IN_USE' },
      },
      id: null,
    });
    const chinese = await ping(5, 'zh-CN');
    expect(((await chinese.json()) as { error: { message: string } }).error.message).toBe(
      '此会话上 id 为 5 的请求仍在处理中：请为每个请求使用各自的 id（本请求未执行）。',
    );
    // Another id, and the same number as a string (JSON-RPC tells them apart), are answered meanwhile.
    expect(notesApp.notes.size).toBe(0);
    expect((await ping(6)).status).toBe(200);
    expect((await ping('5')).status).toBe(200);
    // The slow call, cancelled, ends its answer's stream: its id may be used again.
    const cancelled = await fetch(
      'http://mcp.test/mcp',
      post(headers, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } }),
    );
    expect(cancelled.status).toBe(202);
    await slow.text();
    await expect.poll(async () => (await ping(5)).status).toBe(200);
  });

  it('refuses a response nested deeper than any answer it asks for, localized, instead of the SDK’s stack overflow', async () => {
    const { fetch } = serve();
    const headers = await openAt(fetch, '2025-11-25');
    // 100,000 levels, written as text: JSON.stringify of such a value overflows the stack, which is the point.
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const response = await fetch('http://mcp.test/mcp', {
      ...post({ ...headers, 'accept-language': 'zh-CN' }),
      body: `{"jsonrpc":"2.0","id":77,"result":{"x":${deep}}}`,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-language')).toBe('zh-CN');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          '请求体中的 JSON-RPC 响应嵌套超过 64 层，超出此服务器所请求的任何应答（请求体中的内容均未读取）。',
        data: { code: 'RESPONSE_TOO_DEEP' },
      },
      id: null,
    });
    // A response of ordinary depth to nothing the server asked is taken and dropped, as before.
    const shallow = await fetch(
      'http://mcp.test/mcp',
      post(headers, { jsonrpc: '2.0', id: 78, result: { x: [[1]] } }),
    );
    expect(shallow.status).toBe(202);
  });

  it('refuses a batch whose requests share an id before running any of them, in the reader’s language', async () => {
    const { mcp, fetch } = serve();
    const { client } = await connectOverHttp(mcp.routes, 'writer-token');
    const headers = await openAt(fetch, '2025-03-26', 'writer-token');
    const create = (id: number, text: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'notes_create', arguments: { text } },
    });
    const response = await fetch(
      'http://mcp.test/mcp',
      post({ ...headers, 'accept-language': 'en' }, [create(1, 'first'), create(1, 'second')]),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'Two requests of this JSON-RPC batch share the id 1: give each request an id of its own (nothing in the batch ran).',
        data: { code: 'REPEATED_REQUEST_ID' },
      },
      id: null,
    });
    const zh = await fetch(
      'http://mcp.test/mcp',
      post(headers, [create(7, 'a'), { jsonrpc: '2.0', id: 7, method: 'ping' }]),
    );
    expect(((await zh.json()) as { error: { message: string } }).error.message).toBe(
      '此 JSON-RPC 批量请求中有两个请求使用了同一个 id 7：请为每个请求使用各自的 id（批量中的请求均未执行）。',
    );
    // Nothing ran; a batch of distinct ids, and a notification beside a request, still run.
    expect((await client.callTool({ name: 'notes_list', arguments: {} })).structuredContent).toEqual({
      notes: [],
    });
    const distinct = await fetch(
      'http://mcp.test/mcp',
      post(headers, [create(1, 'first'), create(2, 'second')]),
    );
    expect(distinct.status).toBe(200);
    await distinct.text();
    expect((await client.callTool({ name: 'notes_list', arguments: {} })).structuredContent).toMatchObject({
      notes: [{ text: 'first' }, { text: 'second' }],
    });
  });

  it.each([
    ['alone', [initialize]],
    ['with another message', [initialize, batch[1]]],
  ])('refuses an initialize sent in a batch (%s), opening no session', async (_name, body) => {
    const { fetch, mcp } = serve();
    const response = await fetch('http://mcp.test/mcp', post({ authorization: 'Bearer reader-token' }, body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'The initialize request cannot be sent in a JSON-RPC batch: send it alone, as the only message of the body.',
        data: { code: 'INITIALIZE_NOT_BATCHED' },
      },
      id: null,
    });
    expect(mcp.sessionCount).toBe(0);
  });
});

describe('cancellation over HTTP', () => {
  it.each(['2025-06-18', '2025-11-25'])(
    'ends the event stream of a call the client cancels (%s), which answers nothing, so the connection is not held',
    async (protocolVersion) => {
      const notes = createNotesApp();
      const mcp = createMcpRoutes({ app: notes.app, authenticate });
      opened.push(mcp);
      const fetch = hostRoutes(mcp.routes);
      const opening = await fetch(
        'http://mcp.test/mcp',
        post(
          { authorization: 'Bearer writer-token' },
          { ...initialize, params: { ...initialize.params, protocolVersion } },
        ),
      );
      await opening.text();
      const headers = {
        authorization: 'Bearer writer-token',
        'mcp-session-id': opening.headers.get('mcp-session-id') ?? '',
        'mcp-protocol-version': protocolVersion,
      };
      const started = notes.slowCall();
      const call = await fetch(
        'http://mcp.test/mcp',
        post(headers, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'notes_slow', arguments: {} },
        }),
      );
      expect(call.headers.get('content-type')).toBe('text/event-stream');
      await started;
      const cancel = await fetch(
        'http://mcp.test/mcp',
        post(headers, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }),
      );
      expect(cancel.status).toBe(202);
      expect(notes.slowSignals[0]?.aborted).toBe(true);
      const stillOpen = new Promise<string>((resolve) =>
        setTimeout(() => resolve('still open'), 2000).unref(),
      );
      const text = await Promise.race([call.text(), stillOpen]);
      expect(text).not.toBe('still open');
      expect(text).not.toContain('"id":2');
      // The session goes on.
      const listed = await fetch(
        'http://mcp.test/mcp',
        post(headers, { jsonrpc: '2.0', id: 3, method: 'tools/list' }),
      );
      expect(await listed.text()).toContain('"id":3');
    },
  );
});

describe('telemetry', () => {
  afterEach(() => propagation.disable());

  it("hands the baggage the registered propagator reads from the request to the tool's call", async () => {
    propagation.setGlobalPropagator(new W3CBaggagePropagator());
    const read = defineOperation({
      id: 'baggage.read',
      request: Type.Object({}),
      response: Type.Object({ baggage: Type.Record(Type.String(), Type.String()) }),
      expose: ['mcp'],
      handle: (_request, context) => ({ baggage: { ...context.baggage } }),
    });
    const mcp = createMcpRoutes({ app: createOpwire({ operations: [read] }), authenticate });
    opened.push(mcp);
    const { client } = await connectOverHttp(mcp.routes, 'reader-token', {
      headers: { baggage: 'tier=gold,campaign=spring%20sale' },
    });
    const result = await client.callTool({ name: 'baggage_read', arguments: {} });
    expect(result.structuredContent).toEqual({ baggage: { tier: 'gold', campaign: 'spring sale' } });
    await client.close();
  });
});

describe('logging', () => {
  /** An app whose operation logs a line and then fails, its log lines kept; and a client recording its POSTs. */
  const serveLogged = async (options: Partial<McpHttpOptions> = {}) => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({
      destination: { write: (line: string) => lines.push(JSON.parse(line)) },
    });
    const fail = defineOperation({
      id: 'notes.fail',
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['mcp'],
      handle: (_request, context) => {
        context.logger.warn('about to fail', {});
        throw new Error('store exploded');
      },
    });
    const mcp = createMcpRoutes({
      app: createOpwire({ operations: [fail], logger }),
      authenticate,
      ...options,
    });
    opened.push(mcp);
    const host = hostRoutes(mcp.routes);
    /** The `X-Request-Id` answered to each POST that carried a `tools/call`, by the call's JSON-RPC id. */
    const answeredIds = new Map<string, string | null>();
    const transport = new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
      fetch: async (url, init) => {
        const response = await host(url, init);
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        if (body?.method === 'tools/call')
          answeredIds.set(String(body.id), response.headers.get('x-request-id'));
        return response;
      },
      requestInit: { headers: { authorization: 'Bearer reader-token' } },
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    return { lines, answeredIds, client, transport };
  };

  it.each([
    ['a session', {}],
    ['no sessions', { sessions: false }],
  ] as const)(
    "gives a tool call's log lines the HTTP request's id (its X-Request-Id), with %s",
    async (_name, options) => {
      const { lines, answeredIds, client, transport } = await serveLogged(options);
      for (let call = 0; call < 2; call++) {
        const result = await client.callTool({ name: 'notes_fail', arguments: {} });
        expect(result.isError).toBe(true);
      }
      const calls = [...answeredIds];
      expect(calls).toHaveLength(2);
      const logged = lines.filter((line) => line.operationId === 'notes.fail');
      expect(logged.map((line) => [line.msg, line.requestId, line.rpcId])).toEqual(
        calls.flatMap(([rpcId, requestId]) => [
          ['about to fail', requestId, rpcId],
          ['operation failed', requestId, rpcId],
        ]),
      );
      // Each POST has an id of its own; the JSON-RPC id is the client's count, kept beside it.
      expect(new Set(calls.map(([, requestId]) => requestId)).size).toBe(2);
      for (const line of logged) expect(line.sessionId).toBe(transport.sessionId);
      await client.close();
    },
  );
});
