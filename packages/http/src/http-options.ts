import type {
  AnyErrorEntry,
  Caller,
  HttpMethod,
  InvokeOptions,
  Locale,
  LocalizedText,
  Logger,
  OpwireError,
} from '@opwire/core';
import type { Authenticator } from '@opwire/core/surface';
import type { Answer } from './answer.js';
import type { CorsOptions } from './cors.js';
import type { HealthItem } from './health.js';
import type { HealthMonitor } from './health-monitor.js';
import type { ServerLimits } from './server-limits.js';

/** What a hand-written route receives once authentication and body parsing are done. */
export interface CustomRouteInput {
  /** The request's method: the route's own, or `HEAD` on a `GET` route (its answer's body is not sent). */
  readonly method: string;
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  /** The parsed JSON body, or `undefined` when the request had none. */
  readonly body: unknown;
  readonly params: Readonly<Record<string, string>>;
  /**
   * The query string as the router parsed it. Reading it refuses the request with `MALFORMED_QUERY` when a name
   * or value cannot be decoded (`?q=%ff`); a route that never reads it is not refused for it.
   */
  readonly query: Readonly<Record<string, string | string[]>>;
  /** The parent span from the request's headers (`extractTrace`), ready to pass to `invoke`. */
  readonly trace: InvokeOptions['trace'];
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly requestId: string;
}

/** A hand-written route served beside the generated ones; its `Response` may stream (SSE). */
export interface CustomRoute {
  readonly method: HttpMethod;
  /** Path with `{name}` parameters, such as `/chat/{conversationId}/stream`. */
  readonly path: string;
  /** Allow calls without a caller; by default a route answers 401 to anonymous requests. */
  readonly public?: boolean;
  /**
   * What the OpenAPI document says the route needs: `'bearer'` (the document's scheme), `'optional'` (with or
   * without) or `'none'`. By default `'none'` for a public route and `'bearer'` for any other; a public route
   * that checks credentials itself (MCP answers its own 401 challenge) says `'bearer'`.
   */
  readonly security?: 'bearer' | 'optional' | 'none';
  /**
   * Serve the route under the server's `prefix` (the default); `false` serves it at `path` as written, such as
   * a well-known document (RFC 9728 puts the resource's path after the well-known name:
   * `/.well-known/oauth-protected-resource/api/mcp`, see `wellKnownPath`).
   */
  readonly prefixed?: boolean;
  /** The OpenAPI summary; per language (`{ en, 'zh-CN' }`) for both documents. */
  readonly summary?: LocalizedText;
  /** `false` leaves the route out of the OpenAPI document: pages and static assets are not API. */
  readonly openapi?: boolean;
  /** OpenAPI `operationId`, such as `mcp.post`. */
  readonly id?: string;
  /** The OpenAPI description; per language (`{ en, 'zh-CN' }`) for both documents. */
  readonly description?: LocalizedText;
  /** OpenAPI tags; by default the first segment of the path (`knowledge` for `/knowledge/documents/{id}`). */
  readonly tags?: readonly string[];
  /**
   * OpenAPI parameter objects: headers, query, and path ones with their own schema (plain strings otherwise).
   * In these, the body and the responses, a `description` outside a schema may be `{ en, 'zh-CN' }`: each
   * document takes its language's.
   */
  readonly parameters?: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** OpenAPI `requestBody`: the body and its media types. */
  readonly requestBody?: Readonly<Record<string, unknown>>;
  /** OpenAPI responses the handler writes itself (success ones and any that are not problem+json). */
  readonly responses?: Readonly<Record<string, unknown>>;
  /** The codes the handler raises or answers as problem+json, listed beside the HTTP checks' own. */
  readonly errors?: readonly AnyErrorEntry[];
  /**
   * Response headers of this route a browser script on an allowed origin must be able to read (such as
   * `mcp-session-id`): added to the CORS `exposeHeaders` of the server.
   */
  readonly exposeHeaders?: readonly string[];
  /**
   * Answers, in the route's own protocol, a request the server refuses before `handle`: its body headers,
   * its credentials (`UNAUTHENTICATED`, also for a bad token on a public route) or its JSON. Returning
   * `undefined` leaves the answer to the server (problem+json).
   */
  answerRefusal?(error: OpwireError, request: RefusedRequest): Response | undefined;
  handle(input: CustomRouteInput): Promise<Response> | Response;
}

/** What a custom route's `answerRefusal` is told of the request it answers. */
export interface RefusedRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly locale: Locale;
  readonly requestId: string;
  /**
   * The body as parsed JSON when the refusal came after it parsed (`PROTOTYPE_POISONING`), so a protocol can
   * answer under a message's own id. It still holds the refused key: read it, never copy or merge it.
   */
  readonly body?: unknown;
}

/** What the OpenAPI document says beyond the routes. */
export interface OpenApiOptions {
  /**
   * A description per tag, a string or per language (`{ en, 'zh-CN' }`). An operation's tag is its id without
   * the last segment (`orders` for `orders.create`); a tag without one here is described by its name.
   */
  readonly tags?: Readonly<Record<string, LocalizedText>>;
  /**
   * The `servers` entry's description (say which environment it is: local, staging, production) and
   * audience (`x-internal`: `false` for a public API), as OWASP's inventory rules ask.
   */
  readonly server?: { readonly description?: LocalizedText; readonly internal?: boolean };
}

/** The OpenAPI `info` object; its title, summary and description a string or per language (`{ en, 'zh-CN' }`). */
export interface OpenApiInfo {
  readonly title: LocalizedText;
  readonly version: string;
  readonly description?: LocalizedText;
  readonly summary?: LocalizedText;
  readonly termsOfService?: string;
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
}

/** What an operation route's `decode` and `encode` know of the request. */
export interface OperationRouteRequest {
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  readonly requestId: string;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/**
 * Another route for an operation, with its own encoding of the request and of the answer: the chat
 * stream as one JSON document, or in the AI SDK's UI message stream protocol. The call runs through
 * the pipeline like the operation's own route: the same checks, one audit record.
 */
export interface OperationRoute {
  /** The id of a registered operation. */
  readonly operation: string;
  /** The route's own OpenAPI `operationId` (the operation's id is the operation's own route's). */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path with `{name}` parameters. */
  readonly path: string;
  /** The OpenAPI summary; per language (`{ en, 'zh-CN' }`) for both documents. */
  readonly summary?: LocalizedText;
  /** Turns the parsed JSON body (or the query, for GET) into the operation's input; the body itself by default. */
  decode?(source: unknown, request: OperationRouteRequest): unknown;
  /** Turns what the operation resolved to — its response, or a stream's events — into the answer. */
  encode(result: unknown, request: OperationRouteRequest): Response | Promise<Response>;
  /**
   * The call outlives its connection: it is not cancelled when the client goes away (its `signal` is not the
   * connection's), so `encode` decides when to stop reading a stream (`chatUiRoute` with resumable streams).
   * The deadline (`timeoutMs`) still applies, and so does the server's shutdown: a call still running when
   * `shutdownTimeoutMs` passes is cancelled and waited for, as an attached one is. Off by default.
   */
  readonly detached?: boolean | undefined;
  /**
   * The route's own body limit in bytes, over the operation's (`http.bodyLimit`) and the server's `bodyLimit`, for
   * this route alone (a chat whose client posts its whole history). A whole number from 1, else startup fails.
   */
  readonly bodyLimit?: number | undefined;
  /** OpenAPI `requestBody`, when the route's body is not the operation's request. */
  readonly requestBody?: Readonly<Record<string, unknown>>;
  /**
   * OpenAPI success responses of the route (its error responses are the operation's); a `description` outside a
   * schema, here and in `requestBody`, may be `{ en, 'zh-CN' }`.
   */
  readonly responses?: Readonly<Record<string, unknown>>;
}

/** How the HTTP surface serves an Opwire app. */
export interface HttpOptions {
  /** Resolves the caller from request headers; without it every request is anonymous. */
  readonly authenticate?: Authenticator | undefined;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get 413 without being read. */
  readonly bodyLimit?: number | undefined;
  /**
   * What `GET /health/ready` reports: items probed at startup and every `healthIntervalMs` (the server stops
   * the probes when it closes), or a monitor of your own (which you close).
   */
  readonly health?: readonly HealthItem[] | HealthMonitor | undefined;
  /** Milliseconds between health probes; defaults to 15 000. */
  readonly healthIntervalMs?: number | undefined;
  /** Milliseconds one item's probe may take before it counts as `TIMEOUT`; defaults to the interval. */
  readonly healthTimeoutMs?: number | undefined;
  /** Title, version, contact and license of the OpenAPI document. */
  readonly info?: OpenApiInfo | undefined;
  /** Tag descriptions and the server's description and audience in the OpenAPI document. */
  readonly openapi?: OpenApiOptions | undefined;
  readonly routes?: readonly CustomRoute[] | undefined;
  /** More routes for registered operations, each with its own encoding (see `OperationRoute`). */
  readonly operationRoutes?: readonly OperationRoute[] | undefined;
  /**
   * Runs at the end of a graceful shutdown, once in-flight requests finished or, past `shutdownTimeoutMs`, were
   * cancelled and recorded (up to `shutdownGraceMs`): close stores here.
   */
  readonly onClose?: (() => Promise<void>) | undefined;
  readonly logger?: Logger | undefined;
  /** Deadline of each operation call in milliseconds, from 1 (none by default; 0 is refused at startup). */
  readonly timeoutMs?: number | undefined;
  /**
   * Serve the Swagger UI docs page at `/docs`: by default when the optional `swagger-ui-dist` package is
   * installed; `true` requires it (startup fails without it); `false` never serves it.
   */
  readonly docs?: boolean | undefined;
  /**
   * A base path every route is served under (`/api`): generated routes, custom ones (unless `prefixed: false`),
   * `/openapi.json`, `/docs` and the health routes. OpenAPI lists it in `servers`. None by default.
   */
  readonly prefix?: string | undefined;
  /** Cross-origin calls from browsers: allowed origins and the rest; without it no CORS header is sent. */
  readonly cors?: CorsOptions | undefined;
  /**
   * Write one `info` line per request to the logger (`request`: method, route template, path, status,
   * `durationMs` to the answer's head, requestId). Off by default; the logger needs `info`.
   */
  readonly accessLog?: boolean | undefined;
  /** The node server's timeouts and connection cap (headers, whole request, keep-alive, sending, connections). */
  readonly limits?: ServerLimits | undefined;
  /** How long `close()` waits for in-flight requests before cutting connections (default 10 s). */
  readonly shutdownTimeoutMs?: number | undefined;
  /**
   * How long `close()` then waits for the calls it cancelled (as a client going away cancels its own) to end and
   * write their audit records, before `onClose` closes the stores (default 5 s).
   */
  readonly shutdownGraceMs?: number | undefined;
}

/** One incoming request as the dispatcher sees it, whatever server received it. */
export interface HttpExchange {
  readonly method: string;
  /** Path and query string, as received. */
  readonly url: string;
  /** `http` or `https`, when the server knows (the span's `url.scheme`); `http` when absent. */
  readonly scheme?: string | undefined;
  /** The client's address as the server saw it (the socket's peer), when it knows. */
  readonly clientAddress?: string | undefined;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly signal: AbortSignal;
  /** Whether the request carries a (non-empty) body. */
  readonly hasBody: boolean;
  /**
   * An HTTP/1.1 request that names no `Host` (RFC 9112, section 3.2: answered `MALFORMED_REQUEST` 400 before
   * routing). Only a server that reads the request line can tell; a fetch `Request` always has its URL's host.
   */
  readonly hostMissing?: boolean;
  /**
   * Reads the whole body as text and calls `done` with it, or `failed` with `PAYLOAD_TOO_LARGE` as
   * soon as it passes `limit` bytes (or `CANCELLED` when the client goes away). Callbacks rather
   * than a promise: the node server hands the body over in the stream's own `end` event.
   */
  readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void;
  /** Sends the answer; the dispatcher calls it exactly once per exchange. */
  respond(answer: Answer): void;
}
