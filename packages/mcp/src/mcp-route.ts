import type { Caller, Locale, LocalizedText, OpwireError } from '@opwire/core';

/** What an MCP route reads of a request (a subset of what `@opwire/http` hands a custom route). */
export interface McpRouteInput {
  /** The caller the HTTP server resolved, if it authenticates; the route authenticates itself otherwise. */
  readonly caller: Caller | undefined;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  /** The parsed JSON body, or `undefined` when the request had none. */
  readonly body: unknown;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The request's method when it is not the route's own: `HEAD` on a `GET` route. */
  readonly method?: string | undefined;
  /** The host's id of this HTTP request, the one its answer carries in `X-Request-Id`. */
  readonly requestId: string;
}

/**
 * A route for `createHttpServer(app, { routes })`: it matches `CustomRoute` of `@opwire/http` without importing
 * it (a surface never imports another). Public, since it answers 401 itself with the metadata pointer;
 * `prefixed: false` registers it at its path as it is, outside the host's prefix.
 */
export interface McpRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly public: true;
  readonly prefixed?: boolean;
  /** The OpenAPI summary, in English and Chinese. */
  readonly summary: LocalizedText;
  /** OpenAPI `operationId`, tags, description, parameters, body and responses (see `CustomRoute`). */
  readonly id?: string;
  readonly tags?: readonly string[];
  readonly description?: LocalizedText;
  readonly parameters?: ReadonlyArray<Readonly<Record<string, unknown>>>;
  readonly requestBody?: Readonly<Record<string, unknown>>;
  readonly responses?: Readonly<Record<string, unknown>>;
  /** Headers a browser client must read (CORS): the session id, and the challenge of a 401. */
  readonly exposeHeaders?: readonly string[];
  /**
   * Answers what the HTTP server refuses before the route runs (a bad token, malformed JSON) as MCP does:
   * a JSON-RPC error, and a 401 with the metadata pointer.
   */
  answerRefusal?(
    error: OpwireError,
    request: {
      readonly headers: Readonly<Record<string, string | undefined>>;
      readonly locale: Locale;
      /** The parsed body when the refusal came after it parsed (a `__proto__` key): its request's id is answered. */
      readonly body?: unknown;
    },
  ): Response | undefined;
  handle(input: McpRouteInput): Promise<Response>;
}
