import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  InitializeRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import { type Caller, coreErrors, type Locale, toOpwireError } from '@opwire/core';
import {
  type Authenticator,
  rejectedCredentials,
  requestedLocale,
  usesBearerScheme,
} from '@opwire/core/surface';
import { createOriginCheck } from './allowed-origins.js';
import { createMcpSurface, type McpOptions, type McpSurface } from './create-mcp-surface.js';
import {
  hasTooDeepResponse,
  isJsonRpcBody,
  paramsMalformed,
  requestIdsOf,
  responseDepthLimit,
  withoutMalformedNotifications,
} from './json-rpc-body.js';
import { malformedAt } from './lenient-request.js';
import type { McpRequestContext } from './mcp-connection.js';
import { errorResponse } from './mcp-error-table.js';
import { invalidMessageIn, mcpErrors } from './mcp-errors.js';
import { mcpOpenApi, withoutSessionHeader, withoutSessions } from './mcp-openapi.js';
import type { McpRoute, McpRouteInput } from './mcp-route.js';
import {
  answerWithoutSession,
  firstVersionWithoutBatches,
  openSession,
  toTransportRequest,
} from './open-session.js';
import { protectedResourceMetadata, type ResourceLocation, resourceUrls } from './protected-resource.js';
import { createSessionTable, type McpSession, type SessionLimits } from './session-table.js';

/** How the Streamable HTTP endpoint is served. */
export interface McpHttpOptions extends McpOptions, ResourceLocation {
  /** Resolves the caller from the request's `Authorization` header (the app's, as given to the HTTP server). */
  readonly authenticate: Authenticator;
  /** Browser origins allowed to call (the same list as CORS); requests without `Origin` pass. Default none. */
  readonly allowedOrigins?: readonly string[];
  /** Authorization servers named in the protected-resource metadata (where an OAuth client gets tokens). */
  readonly authorizationServers?: readonly string[];
  /** Scopes named in the protected-resource metadata. */
  readonly scopes?: readonly string[];
  /**
   * Limits of the sessions, or `false` to keep none (stateless, as the MCP SDK's examples serve several processes
   * behind one address): every POST stands alone and may land on any process; `GET` and `DELETE` answer 405.
   */
  readonly sessions?: SessionLimits | false;
}

/** The routes to pass to `createHttpServer(app, { routes })`, and the sessions behind them. */
export interface McpHttp {
  readonly surface: McpSurface;
  /** `POST`, `GET` and `DELETE` at the endpoint, and the protected-resource metadata at the host's root. */
  readonly routes: readonly McpRoute[];
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Closes every session (open event streams end): call it before closing the HTTP server. */
  close(): Promise<void>;
}

/**
 * Serves an app's MCP tools over Streamable HTTP with the official SDK's web-standard transport: bearer
 * authentication (401 with `WWW-Authenticate: Bearer resource_metadata="…"`), the Origin allow-list (403),
 * sessions with unguessable ids bound to the caller who opened them (anyone else's id answers 404 like an
 * unknown one), expiring when idle and bounded in number, or none (`sessions: false`); `MCP-Protocol-Version`
 * checked by the transport.
 */
export function createMcpRoutes(options: McpHttpOptions): McpHttp {
  const surface = createMcpSurface(options);
  const urls = resourceUrls(options);
  const originAllowed = createOriginCheck([
    ...(options.allowedOrigins ?? []),
    ...(urls.publicOrigin ? [urls.publicOrigin] : []),
  ]);
  const stateless = options.sessions === false;
  const sessions = createSessionTable(options.sessions === false ? {} : options.sessions);
  const path = options.path ?? '/mcp';
  const logger = surface.app.logger;

  /** The caller of a request, or the answer that refuses it (foreign origin, no or bad credentials). */
  const admit = async (input: McpRouteInput): Promise<{ caller: Caller; locale: Locale } | Response> => {
    const { headers } = input;
    const asked = requestedLocale(headers);
    if (!originAllowed(headers.origin)) {
      return errorResponse(
        mcpErrors.ORIGIN_NOT_ALLOWED({ params: { origin: String(headers.origin).slice(0, 200) } }),
        asked ?? 'en',
      );
    }
    let caller = input.caller;
    if (!caller && headers.authorization !== undefined) {
      try {
        caller = (await options.authenticate({ headers })) ?? undefined;
      } catch (thrown) {
        const error = toOpwireError(thrown);
        if (error.code !== 'UNAUTHENTICATED') {
          logger.error('mcp authenticator failed', { error: error.cause ?? error });
          return errorResponse(coreErrors.UNAVAILABLE({ cause: thrown }), asked ?? 'en');
        }
      }
    }
    if (!caller) return unauthenticated(headers, asked ?? 'en');
    return { caller, locale: asked ?? caller.locale ?? 'en' };
  };

  /** 401 with where to authenticate (RFC 9728), and `invalid_token` when a Bearer token was sent. */
  const unauthenticated = (headers: McpRouteInput['headers'], locale: Locale) => {
    const challenge = `Bearer resource_metadata="${urls.metadata(headers)}"`;
    // A token was sent and refused: the challenge and the message say so, the code stays.
    const refused = headers.authorization !== undefined;
    const invalidToken = usesBearerScheme(headers.authorization);
    return errorResponse(
      coreErrors.UNAUTHENTICATED(),
      locale,
      { 'www-authenticate': invalidToken ? `${challenge}, error="invalid_token"` : challenge },
      refused ? { message: rejectedCredentials[locale] } : {},
    );
  };

  /** What the HTTP server refused before the route ran, answered as MCP: a JSON-RPC error, the 401 challenge. */
  const answerRefusal: McpRoute['answerRefusal'] = (error, { headers, locale, body }) =>
    error.code === 'UNAUTHENTICATED'
      ? unauthenticated(headers, locale)
      : errorResponse(error, locale, { ...error.headers }, refusedRequestId(body, error.field));
  const endpoint = {
    // The server lets anonymous requests through so that MCP answers them with its own 401 challenge; the
    // endpoint still needs a bearer token, and OpenAPI says so.
    public: true,
    security: 'bearer',
    exposeHeaders: ['mcp-session-id', 'www-authenticate'],
    answerRefusal,
  } as const;

  const serve =
    (method: 'GET' | 'POST' | 'DELETE') =>
    async (input: McpRouteInput): Promise<Response> => {
      const admitted = await admit(input);
      if (admitted instanceof Response) return admitted;
      const { caller, locale } = admitted;
      // Without sessions there is no session's event stream to open, nor a session to end.
      if (stateless && method !== 'POST') {
        return errorResponse(mcpErrors.NO_SESSIONS({ params: { method } }), locale, { allow: 'POST' });
      }
      // What the SDK's transport would refuse with its own English text, refused here as every other refusal is.
      const accept = input.headers.accept ?? '';
      const types = method === 'POST' ? ['application/json', 'text/event-stream'] : ['text/event-stream'];
      if (method !== 'DELETE' && !types.every((type) => accept.includes(type))) {
        const listed = { en: types.join(' and '), 'zh-CN': types.join(' 和 ') };
        // A POST is answered in JSON or as an event stream; a GET opens the session's event stream, nothing else.
        const answer =
          method === 'POST'
            ? { en: 'the answer may be JSON or an event stream', 'zh-CN': '响应可能是 JSON，也可能是事件流' }
            : { en: 'a GET opens the session’s event stream', 'zh-CN': 'GET 打开的是会话的事件流' };
        return errorResponse(mcpErrors.NOT_ACCEPTABLE({ params: { types: listed, answer } }), locale);
      }
      if (method === 'POST' && !isJsonRpcBody(input.body))
        return errorResponse(mcpErrors.INVALID_MESSAGE({ params: invalidMessageIn.body }), locale);
      if (method === 'POST' && hasTooDeepResponse(input.body))
        return errorResponse(mcpErrors.RESPONSE_TOO_DEEP({ params: { limit: responseDepthLimit } }), locale);
      // Every protocol version says initialize travels alone; the transport would ask for a session id instead.
      if (Array.isArray(input.body) && input.body.some(isInitialize))
        return errorResponse(mcpErrors.INITIALIZE_NOT_BATCHED(), locale);
      // An initialize without an id could not be answered, and the transport would answer it 202 opening nothing.
      if (isInitialize(input.body) && !Object.hasOwn(input.body as object, 'id'))
        return errorResponse(mcpErrors.INITIALIZE_NOT_A_REQUEST(), locale);
      const request = toTransportRequest(method, urls.resource(input.headers), input);
      const authInfo = {
        token: '',
        clientId: caller.principalId,
        scopes: [...caller.permissions],
        extra: { caller, headers: input.headers, requestId: input.requestId } satisfies McpRequestContext,
      };
      // Without sessions an `Mcp-Session-Id` a client sends is not read (the SDK's stateless transport ignores it).
      const sessionId = stateless ? undefined : input.headers['mcp-session-id'];
      if (sessionId === undefined && (!stateless || isInitialize(input.body))) {
        if (method !== 'POST' || !isInitialize(input.body))
          return errorResponse(mcpErrors.SESSION_REQUIRED(), locale);
        // The transport would call a malformed initialize "Server not initialized": say what is wrong instead.
        const malformed = malformedAt(InitializeRequestSchema, input.body);
        if (malformed) {
          const { id } = input.body as { readonly id?: unknown };
          const answered = typeof id === 'string' || typeof id === 'number' ? { id } : {};
          return errorResponse(mcpErrors.INVALID_INITIALIZE({ field: malformed }), locale, {}, answered);
        }
        if (stateless) return answerWithoutSession({ surface, request, body: input.body, authInfo });
        const release = sessions.reserve(caller);
        if (!release)
          return errorResponse(mcpErrors.SESSION_LIMIT_REACHED(), locale, { 'retry-after': '30' });
        try {
          return await openSession({ surface, sessions, caller, request, body: input.body, authInfo });
        } finally {
          release();
        }
      }
      const session = sessionId === undefined ? undefined : sessions.find(sessionId, caller);
      if (!stateless && !session) return errorResponse(mcpErrors.SESSION_NOT_FOUND(), locale);
      // The transport would answer in English with id null; the request's id could be read, so it is answered.
      if (session && method === 'POST' && isInitialize(input.body)) {
        const { id } = input.body as { readonly id: string | number };
        return errorResponse(mcpErrors.SESSION_ALREADY_INITIALIZED(), locale, {}, { id });
      }
      const version = input.headers['mcp-protocol-version'];
      // A header sent twice reaches here joined by ", " (as node and fetch join them); no version holds a comma.
      if (version?.includes(',')) return errorResponse(mcpErrors.REPEATED_PROTOCOL_VERSION(), locale);
      if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        return errorResponse(
          mcpErrors.UNSUPPORTED_PROTOCOL_VERSION({
            params: {
              version: version.slice(0, 50),
              // Chinese enumerates with 、, as HTTP's METHOD_NOT_ALLOWED lists its methods.
              supported: {
                en: SUPPORTED_PROTOCOL_VERSIONS.join(', '),
                'zh-CN': SUPPORTED_PROTOCOL_VERSIONS.join('、'),
              },
            },
          }),
          locale,
        );
      }
      // 2025-06-18 removed batching; the SDK's transport still answers one, so a later session is refused here.
      // Without a session the request's header names its version (absent: 2025-03-26, as the transport assumes).
      const negotiated = session?.protocolVersion ?? version ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
      if (Array.isArray(input.body) && negotiated >= firstVersionWithoutBatches) {
        return errorResponse(mcpErrors.BATCH_NOT_SUPPORTED({ params: { version: negotiated } }), locale);
      }
      // The transport would run both requests of one id and answer one: refused before anything runs.
      const repeated = repeatedRequestId(input.body);
      if (repeated !== undefined) {
        return errorResponse(
          mcpErrors.REPEATED_REQUEST_ID({ params: { id: JSON.stringify(repeated).slice(0, 100) } }),
          locale,
        );
      }
      // HEAD asks for GET's head: the session's event stream is not opened (nor refused as open already).
      if (method === 'GET' && input.method === 'HEAD') {
        return new Response(null, {
          status: 200,
          headers: {
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache',
            'mcp-session-id': sessionId as string,
          },
        });
      }
      if (method !== 'POST') {
        const answer = await (session as McpSession).handle(request, { authInfo });
        // The transport refuses a second event stream with its own English text: refused as every refusal is.
        if (method === 'GET' && answer.status === 409) {
          await answer.body?.cancel();
          return errorResponse(mcpErrors.STREAM_ALREADY_OPEN(), locale);
        }
        return answer;
      }
      // The transport would call a valid envelope with params MCP rejects a parse error with no id.
      const malformedParams = paramsMalformed(input.body);
      if (malformedParams) {
        const { id, field } = malformedParams;
        return errorResponse(
          mcpErrors.INVALID_PARAMS({ field, params: { method: malformedParams.method.slice(0, 100) } }),
          locale,
          {},
          { id },
        );
      }
      const body = withoutMalformedNotifications(input.body);
      // Nothing left to answer: 202 with no body, as the transport answers a post of notifications.
      if (body === undefined) return new Response(null, { status: 202 });
      if (!session) return answerWithoutSession({ surface, request, body, authInfo });
      // The transport keeps one answer stream per request id: a second request of an id still being answered
      // would take the first one's, whose answer (its write committed) would then never be sent.
      const ids = requestIdsOf(body);
      const inUse = ids.find((id) => session.inFlight.has(id));
      if (inUse !== undefined) {
        return errorResponse(mcpErrors.REQUEST_ID_IN_USE({ params: { id: inUse.slice(0, 100) } }), locale);
      }
      if (ids.length === 0) return session.handle(request, { parsedBody: body, authInfo });
      for (const id of ids) session.inFlight.add(id);
      const release = () => {
        for (const id of ids) session.inFlight.delete(id);
      };
      try {
        return releasedWhenRead(await session.handle(request, { parsedBody: body, authInfo }), release);
      } catch (error) {
        release();
        throw error;
      }
    };

  const summary = {
    en: 'Model Context Protocol (Streamable HTTP)',
    'zh-CN': '模型上下文协议（Streamable HTTP）',
  };
  return {
    surface,
    routes: [
      {
        method: 'POST',
        path,
        ...endpoint,
        summary,
        ...mcpOpenApi.POST,
        // Without sessions no `Mcp-Session-Id` is read nor sent.
        ...(stateless ? { parameters: [], responses: withoutSessionHeader(mcpOpenApi.POST.responses) } : {}),
        handle: serve('POST'),
      },
      {
        method: 'GET',
        path,
        ...endpoint,
        summary,
        ...(stateless ? withoutSessions(mcpOpenApi.GET) : mcpOpenApi.GET),
        handle: serve('GET'),
      },
      {
        method: 'DELETE',
        path,
        ...endpoint,
        summary,
        ...(stateless ? withoutSessions(mcpOpenApi.DELETE) : mcpOpenApi.DELETE),
        handle: serve('DELETE'),
      },
      {
        method: 'GET',
        path: urls.metadataPath,
        public: true,
        prefixed: false,
        summary: {
          en: 'OAuth protected-resource metadata of the MCP endpoint (RFC 9728)',
          'zh-CN': 'MCP 端点的 OAuth 受保护资源元数据（RFC 9728）',
        },
        ...mcpOpenApi.metadata,
        handle: async ({ headers }) =>
          Response.json(
            protectedResourceMetadata(urls.resource(headers), {
              ...(options.authorizationServers ? { authorizationServers: options.authorizationServers } : {}),
              ...(options.scopes ? { scopes: options.scopes } : {}),
              name: options.name ?? 'opwire',
            }),
          ),
      },
    ],
    get sessionCount() {
      return sessions.size;
    },
    close: () => sessions.close(),
  };
}

/**
 * The transport's answer to a POST of requests, calling `release` once its stream has ended (every request of the
 * post answered), failed or been cancelled (the client gone); an answer without a body releases at once.
 */
function releasedWhenRead(response: Response, release: () => void): Response {
  const body = response.body;
  if (body === null) {
    release();
    return response;
  }
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
  return new Response(stream, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}

/**
 * The id of the request a refused body's key was found in (`PROTOTYPE_POISONING` points at it: `/params/…` in a
 * message, `/1/params/…` in a batch's second), so the client can match the error to its request; none when the
 * key is not inside a request with an id.
 */
function refusedRequestId(body: unknown, pointer: string | undefined): { readonly id?: string | number } {
  if (body === undefined || pointer === undefined) return {};
  const index = /^\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
  const message = Array.isArray(body) ? (index === undefined ? undefined : body[Number(index)]) : body;
  if (typeof message !== 'object' || message === null || !Object.hasOwn(message, 'method')) return {};
  const { id } = message as { readonly id?: unknown };
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? { id } : {};
}

/** The first id two requests of a batch share (JSON-RPC answers a request by its id, so each needs its own). */
function repeatedRequestId(body: unknown): string | number | undefined {
  if (!Array.isArray(body)) return undefined;
  const seen = new Set<string | number>();
  for (const message of body) {
    if (!Object.hasOwn(message as object, 'method') || !Object.hasOwn(message as object, 'id')) continue;
    const { id } = message as { readonly id: string | number };
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
