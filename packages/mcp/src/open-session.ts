import { randomBytes } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '@opwire/core';
import type { McpSurface } from './create-mcp-surface.js';
import type { McpRequestContext } from './mcp-connection.js';
import type { McpRouteInput } from './mcp-route.js';
import { type McpSession, ownerOf, type SessionTable } from './session-table.js';

/** What opening a session needs: the `initialize` request and who sent it. */
export interface SessionOpening {
  readonly surface: McpSurface;
  readonly sessions: SessionTable;
  readonly caller: Caller;
  readonly request: Request;
  readonly body: unknown;
  readonly authInfo: AuthInfo;
}

/**
 * Answers an `initialize` request with a new session: a transport and a server of its own, under an id of 256
 * random bits, owned by the caller. Each later request of the session runs as the caller its own token
 * resolves to (same owner), so revoked permissions take effect at once. A failed initialization keeps nothing.
 */
export async function openSession(opening: SessionOpening): Promise<Response> {
  let session: McpSession | undefined;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomBytes(32).toString('base64url'),
    onsessioninitialized: (id) => {
      session = {
        id,
        owner: ownerOf(opening.caller),
        protocolVersion: negotiatedVersion(opening.body),
        lastSeen: Date.now(),
        busy: 0,
        inFlight: new Set(),
        handle: (request, options) => transport.handleRequest(request, options),
        close: () => server.close(),
      };
      opening.sessions.add(session);
    },
  });
  // Batches were removed in 2025-06-18 (the route refuses them): each request of such a session has a stream of its own.
  const ownStreams = negotiatedVersion(opening.body) >= firstVersionWithoutBatches;
  const server = opening.surface.createServer({
    contextOf: (extra) => extra.authInfo?.extra as unknown as McpRequestContext,
    begin: (requestId) => {
      const current = session;
      if (current) current.busy++;
      return (cancelled) => {
        // A cancelled call is never answered, and the transport would hold its event stream open (and the
        // client's connection) until the session ends: end it. A batch's stream still carries other answers.
        if (cancelled && ownStreams) transport.closeSSEStream(requestId);
        if (!current) return;
        current.busy--;
        current.lastSeen = Date.now();
      };
    },
  });
  server.onclose = () => {
    if (session) opening.sessions.remove(session.id);
  };
  await server.connect(transport);
  const response = await transport.handleRequest(opening.request, {
    parsedBody: opening.body,
    authInfo: opening.authInfo,
  });
  if (!session) await server.close();
  return response;
}

/** One request of a server that keeps no sessions (`sessions: false`): who sent it, already checked. */
export interface SessionlessRequest {
  readonly surface: McpSurface;
  readonly request: Request;
  readonly body: unknown;
  readonly authInfo: AuthInfo;
}

/**
 * Answers one POST of a server that keeps no sessions, as the MCP SDK's stateless examples do: a transport and a
 * server of its own, answering in JSON once every request of the body is answered, closed after it. The client
 * going away closes them, which aborts the calls they run (a transaction rolls back); it gets no answer. Nothing
 * outlives the request: no session's event stream, no elicitation (approvals wait in the store instead).
 */
export async function answerWithoutSession(call: SessionlessRequest): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = call.surface.createServer({
    contextOf: (extra) => extra.authInfo?.extra as unknown as McpRequestContext,
  });
  await server.connect(transport);
  const signal = call.request.signal;
  let leave = () => {};
  // A closed transport never answers what it was running, so the client's leaving answers for it (nobody reads it).
  const left = new Promise<Response>((resolve) => {
    leave = () => resolve(new Response(null, { status: 499 }));
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  });
  try {
    return await Promise.race([
      transport.handleRequest(call.request, { parsedBody: call.body, authInfo: call.authInfo }),
      left,
    ]);
  } finally {
    signal.removeEventListener('abort', leave);
    await server.close();
  }
}

/** The first protocol version without JSON-RPC batches; versions are dates, so they compare as strings. */
export const firstVersionWithoutBatches = '2025-06-18';

/** The web `Request` the SDK's transport reads: the method, the endpoint's URL and the headers (the body is parsed already). */
export function toTransportRequest(method: string, url: string, input: McpRouteInput): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(input.headers)) {
    // The body is handed over parsed, so the headers that describe its bytes do not apply.
    if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding')
      headers.set(name, value);
  }
  return new Request(url, { method, headers, signal: input.signal });
}

/** The version the SDK's server answers an initialize with: the one asked for when it speaks it, else its latest. */
export function negotiatedVersion(initialize: unknown): string {
  const asked = (initialize as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
  return typeof asked === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(asked)
    ? asked
    : LATEST_PROTOCOL_VERSION;
}
