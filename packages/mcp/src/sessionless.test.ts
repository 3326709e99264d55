import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApprovals } from '@opwire/ai';
import { staticTokens } from '@opwire/core/surface';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpRoutes, type McpHttpOptions } from './create-mcp-routes.js';
import { createNotesApp, hostRoutes, noteCallers } from './test-support.js';

// `sessions: false`: the server keeps no MCP sessions, as the MCP SDK's stateless examples serve several processes
// behind one address. Two route sets over one app stand for two processes; a round-robin fetch for the balancer.

const authenticate = staticTokens({ 'reader-token': noteCallers.reader, 'writer-token': noteCallers.writer });
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

/** Two instances of the MCP routes over one app, and a fetch that sends each request to the next in turn. */
function twoInstances(options: Partial<McpHttpOptions> = {}, notes = createNotesApp()) {
  const instances = [0, 1].map(() => {
    const mcp = createMcpRoutes({ app: notes.app, authenticate, ...options });
    opened.push(mcp);
    return mcp;
  });
  const hosts = instances.map((mcp) => hostRoutes(mcp.routes));
  const answeredBy: number[] = [];
  let next = 0;
  const balanced = (url: string | URL, init?: RequestInit) => {
    const index = next++ % hosts.length;
    answeredBy.push(index);
    return (hosts[index] as (typeof hosts)[number])(url, init);
  };
  return { notes, instances, balanced, answeredBy };
}

async function connect(
  fetch: (url: string | URL, init?: RequestInit) => Promise<Response>,
  token: string,
  capabilities = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
    fetch,
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  return { client, transport };
}

const post = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: 'Bearer writer-token',
    ...headers,
  },
  body: JSON.stringify(body),
});
const listTools = { jsonrpc: '2.0', id: 7, method: 'tools/list' };

describe('MCP over Streamable HTTP without sessions (sessions: false)', () => {
  it('serves the SDK client with each message answered by whichever instance gets it; with sessions, the other instance does not know the session', async () => {
    const { balanced, answeredBy, instances } = twoInstances({ sessions: false });
    const { client, transport } = await connect(balanced, 'writer-token');
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('notes_create');
    const created = await client.callTool({ name: 'notes_create', arguments: { text: 'anywhere' } });
    expect(created.structuredContent).toEqual({ id: 'note-1', text: 'anywhere' });
    const listed = await client.callTool({ name: 'notes_list', arguments: {} });
    expect(listed.structuredContent).toEqual({ notes: [{ id: 'note-1', text: 'anywhere' }] });
    // Both instances answered, and neither holds anything.
    expect(new Set(answeredBy)).toEqual(new Set([0, 1]));
    expect(instances.map((mcp) => mcp.sessionCount)).toEqual([0, 0]);
    // The caller still decides: a reader is offered no write, and a write it calls anyway is refused.
    const reader = await connect(balanced, 'reader-token');
    expect((await reader.client.listTools()).tools.map((tool) => tool.name)).not.toContain('notes_create');
    const refused = await reader.client.callTool({ name: 'notes_create', arguments: { text: 'no' } });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: { code: 'PERMISSION_DENIED' } });

    const withSessions = twoInstances();
    await expect(
      connect(withSessions.balanced, 'writer-token').then(({ client }) => client.listTools()),
    ).rejects.toThrow(/404|session/i);
  });

  it('answers GET and DELETE 405 NO_SESSIONS with Allow: POST, in the caller’s language, after authentication', async () => {
    const { instances } = twoInstances({ sessions: false });
    const fetch = hostRoutes((instances[0] as (typeof instances)[number]).routes);
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch('http://mcp.test/mcp', {
        method,
        headers: {
          authorization: 'Bearer writer-token',
          accept: 'text/event-stream',
          'accept-language': 'zh-CN',
        },
      });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('POST');
      const body = (await refused.json()) as { error: { message: string } };
      expect(body).toMatchObject({ error: { code: -32000, data: { code: 'NO_SESSIONS' } }, id: null });
      expect(body.error.message).toContain(`${method} 没有可打开或结束的内容`);
      const anonymous = await fetch('http://mcp.test/mcp', { method });
      expect(anonymous.status).toBe(401);
    }
    const english = await fetch('http://mcp.test/mcp', {
      method: 'GET',
      headers: { authorization: 'Bearer reader-token', accept: 'text/event-stream' },
    });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe(
      'This MCP server keeps no sessions, so GET has nothing to open or end: send every message as a POST.',
    );
    // The OpenAPI document says so.
    const get = (instances[0] as (typeof instances)[number]).routes.find((route) => route.method === 'GET');
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['401', '403', '405']);
    const post = (instances[0] as (typeof instances)[number]).routes.find((route) => route.method === 'POST');
    expect(post?.parameters).toEqual([]);
    // Nor does it send a session header.
    expect((post?.responses?.['200'] as { headers?: object } | undefined)?.headers).toBeUndefined();
    expect(post?.responses?.['200']).toBeDefined();
  });

  it('refuses what it refuses with sessions, and answers a request with no initialize before it', async () => {
    const { instances } = twoInstances({ sessions: false });
    const fetch = hostRoutes((instances[0] as (typeof instances)[number]).routes);
    const answer = async (init: RequestInit) => {
      const response = await fetch('http://mcp.test/mcp', init);
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    };
    // No initialize was ever sent here: a request stands alone. A session id a client sends is not read.
    const alone = await answer(
      post({ 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': 'whatever' }, listTools),
    );
    expect(alone.status).toBe(200);
    expect(alone.body.result.tools.map((tool: { name: string }) => tool.name)).toContain('notes_create');
    expect(await answer(post({ 'mcp-protocol-version': '1999-01-01' }, listTools))).toMatchObject({
      status: 400,
      body: { error: { code: -32000, data: { code: 'UNSUPPORTED_PROTOCOL_VERSION' } } },
    });
    expect(await answer(post({ 'mcp-protocol-version': '2025-11-25' }, [listTools]))).toMatchObject({
      status: 400,
      body: { error: { code: -32600, data: { code: 'BATCH_NOT_SUPPORTED' } } },
    });
    // Without the header the transport assumes 2025-03-26, which had batches: each message is answered.
    const batch = await answer(post({}, [listTools, { ...listTools, id: 8 }]));
    expect(batch.status).toBe(200);
    expect(batch.body.map((each: { id: number }) => each.id)).toEqual([7, 8]);
    expect(
      await answer(
        post({}, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'notes_create', _meta: 5 } }),
      ),
    ).toMatchObject({
      status: 400,
      body: { id: 3, error: { code: -32602, data: { code: 'INVALID_PARAMS', field: 'params._meta' } } },
    });
    expect(await answer(post({}, { jsonrpc: '2.0', method: 'notifications/initialized' }))).toEqual({
      status: 202,
      body: undefined,
    });
    expect(await answer(post({}, { hello: 'world' }))).toMatchObject({
      status: 400,
      body: { error: { code: -32600, data: { code: 'INVALID_MESSAGE' } } },
    });
    expect(
      await answer(post({}, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 5 } })),
    ).toMatchObject({ status: 400, body: { id: 1, error: { data: { code: 'INVALID_INITIALIZE' } } } });
    expect(
      await answer({ ...post({}, listTools), headers: { authorization: 'Bearer writer-token' } }),
    ).toMatchObject({ status: 406, body: { error: { data: { code: 'NOT_ACCEPTABLE' } } } });
  });

  it('leaves a call that needs approval waiting in the approvals store, even for a client that can be asked', async () => {
    const notes = createNotesApp();
    const approvals = createApprovals({ app: notes.app });
    const { balanced } = twoInstances({ sessions: false, approvals }, notes);
    const { client } = await connect(balanced, 'writer-token', { elicitation: {} });
    const created = await client.callTool({ name: 'notes_create', arguments: { text: 'to delete' } });
    const id = (created.structuredContent as { id: string }).id;
    const asked = await client.callTool({ name: 'notes_delete', arguments: { id } });
    expect(asked.isError).toBe(true);
    expect(asked.structuredContent).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' } });
    const pending = await approvals.pending(noteCallers.writer);
    expect(pending.map((each) => each.toolName)).toEqual(['notes_delete']);
    // Without a session the call is named by the HTTP request that carried it, not as if it came over stdio.
    expect(pending[0]?.toolCallId).toMatch(/^mcp:request:[^:]+:\d+$/);
    expect(notes.notes.has(id)).toBe(true);
  });

  it('stops a call when its client goes away (nothing else could cancel it), and keeps nothing', async () => {
    const { instances, notes } = twoInstances({ sessions: false });
    const fetch = hostRoutes((instances[0] as (typeof instances)[number]).routes);
    const started = notes.slowCall();
    const controller = new AbortController();
    const call = fetch('http://mcp.test/mcp', {
      ...post(
        {},
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'notes_slow', arguments: {} } },
      ),
      signal: controller.signal,
    });
    await started;
    expect(notes.slowSignals[0]?.aborted).toBe(false);
    controller.abort();
    await call.catch(() => undefined);
    await expect.poll(() => notes.slowSignals[0]?.aborted).toBe(true);
    expect(instances.map((mcp) => mcp.sessionCount)).toEqual([0, 0]);
  });
});
