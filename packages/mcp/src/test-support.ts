import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { type Caller, coreErrors, createOpwire, defineErrors, defineOperation } from '@opwire/core';
import Type from 'typebox';
import type { McpSurface } from './create-mcp-surface.js';
import type { McpRoute } from './mcp-route.js';

/** Callers of the notes app used by this package's tests. */
export const noteCallers = {
  reader: { principalId: 'rita', tenant: 'acme', permissions: ['notes:read'], locale: 'en' },
  writer: {
    principalId: 'will',
    tenant: 'acme',
    permissions: ['notes:read', 'notes:write', 'notes:delete'],
    locale: 'zh-CN',
  },
} satisfies Record<string, Caller>;

const noteErrors = defineErrors({
  NOTE_TOO_LOUD: { kind: 'rule', messages: { en: 'Notes may not shout.', 'zh-CN': '笔记不能大喊。' } },
});

/**
 * A small notes app over in-memory state: a read, a create, a delete that needs approval, a count answered as
 * a number, a slow write that waits for cancellation, and operations MCP must not serve (internal, HTTP only).
 */
export function createNotesApp() {
  const notes = new Map<string, { id: string; tenant: string; text: string; tag?: 'work' | 'home' }>();
  let sequence = 0;
  const note = Type.Object({
    id: Type.String(),
    text: Type.String(),
    tag: Type.Optional(Type.Union([Type.Literal('work'), Type.Literal('home')])),
  });
  const view = ({ id, text, tag }: { id: string; text: string; tag?: 'work' | 'home' }) =>
    tag === undefined ? { id, text } : { id, text, tag };
  let slowStarted: () => void = () => undefined;
  const slowSignals: AbortSignal[] = [];
  const operations = [
    defineOperation({
      id: 'notes.list',
      summary: { en: 'List notes', 'zh-CN': '列出笔记' },
      request: Type.Object({}),
      response: Type.Object({ notes: Type.Array(note) }),
      expose: ['mcp'],
      permission: 'notes:read',
      handle: (_request, context) => ({
        notes: [...notes.values()].filter((each) => each.tenant === context.tenant).map(view),
      }),
    }),
    defineOperation({
      id: 'notes.create',
      summary: { en: 'Write a note', 'zh-CN': '写笔记' },
      request: Type.Object({
        text: Type.String({ minLength: 1 }),
        tag: Type.Optional(Type.Union([Type.Literal('work'), Type.Literal('home')])),
      }),
      response: note,
      expose: ['mcp'],
      permission: 'notes:write',
      writes: true,
      ai: { requiresApproval: false },
      errors: [noteErrors.NOTE_TOO_LOUD],
      handle(request, context) {
        if (request.text === request.text.toUpperCase() && /[A-Z]/.test(request.text)) {
          throw context.errors.NOTE_TOO_LOUD({ field: 'text', data: { shouted: request.text } });
        }
        sequence += 1;
        const created = {
          id: `note-${sequence}`,
          tenant: context.tenant,
          text: request.text,
          tag: request.tag,
        };
        notes.set(created.id, created);
        return view(created);
      },
    }),
    defineOperation({
      id: 'notes.delete',
      summary: { en: 'Delete a note', 'zh-CN': '删除笔记' },
      request: Type.Object({ id: Type.String({ minLength: 1 }) }),
      response: Type.Object({ deleted: Type.String() }),
      expose: ['mcp'],
      permission: 'notes:delete',
      writes: true,
      destructive: true,
      idempotent: true,
      errors: [coreErrors.NOT_FOUND],
      // Only a delete that would find the note is put to the user.
      precheck(request, context) {
        const found = notes.get(request.id);
        if (!found || found.tenant !== context.tenant)
          throw context.errors.NOT_FOUND({ params: { resource: 'note' } });
      },
      handle(request, context) {
        const found = notes.get(request.id);
        if (!found || found.tenant !== context.tenant)
          throw context.errors.NOT_FOUND({ params: { resource: 'note' } });
        notes.delete(request.id);
        return { deleted: request.id };
      },
    }),
    defineOperation({
      id: 'notes.count',
      request: Type.Object({}),
      response: Type.Integer(),
      expose: ['mcp'],
      permission: 'notes:read',
      handle: (_request, context) =>
        [...notes.values()].filter((each) => each.tenant === context.tenant).length,
    }),
    defineOperation({
      id: 'notes.slow',
      request: Type.Object({}),
      response: Type.Object({ done: Type.Boolean() }),
      expose: ['mcp'],
      permission: 'notes:write',
      writes: true,
      ai: { requiresApproval: false },
      async handle(_request, context) {
        slowSignals.push(context.signal);
        slowStarted();
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }));
        throw coreErrors.CANCELLED();
      },
    }),
    defineOperation({
      id: 'notes.purge',
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['mcp'],
      stability: 'internal',
      handle: () => ({}),
    }),
    defineOperation({
      id: 'notes.export',
      request: Type.Object({}),
      response: Type.Object({}),
      expose: ['http'],
      handle: () => ({}),
    }),
  ];
  const app = createOpwire({ operations, errors: [noteErrors], logger: { warn() {}, error() {} } });
  const slowCall = () => new Promise<void>((resolve) => (slowStarted = resolve));
  return { app, notes, slowCall, slowSignals };
}

/** A connected SDK client to a surface over the SDK's in-memory transport, every request as `caller`. */
export async function connectInMemory(
  surface: McpSurface,
  caller: Caller,
  capabilities: ClientCapabilities = {},
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const context = { caller };
  await surface.createServer({ contextOf: () => context }).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  await client.connect(clientSide);
  return client;
}

/**
 * A stand-in for the HTTP host (`@opwire/http`, which this package may not import): matches a route by method
 * and path, parses the JSON body and hands the route lower-case headers and a request id, which it answers in
 * `X-Request-Id`, as `createHttpServer` does.
 */
export function hostRoutes(
  routes: readonly McpRoute[],
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  let sequence = 0;
  return async (url, init) => {
    const request = new Request(url, init);
    const path = new URL(request.url).pathname;
    const route = routes.find((each) => each.method === request.method && each.path === path);
    if (!route) return new Response(null, { status: 404 });
    const text = await request.text();
    sequence += 1;
    const requestId = `host-request-${sequence}`;
    const response = await route.handle({
      caller: undefined,
      signal: request.signal,
      body: text === '' ? undefined : JSON.parse(text),
      headers: { host: new URL(request.url).host, ...Object.fromEntries(request.headers) },
      requestId,
    });
    response.headers.set('x-request-id', requestId);
    return response;
  };
}

/** An SDK client connected to routes through `hostRoutes`, with `token` as its bearer token. */
export async function connectOverHttp(
  routes: readonly McpRoute[],
  token: string,
  options: { readonly sessionId?: string; readonly headers?: Record<string, string> } = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
    fetch: hostRoutes(routes),
    requestInit: { headers: { authorization: `Bearer ${token}`, ...options.headers } },
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}
