import type { Caller, HttpMethod, InvokeOptions, Locale, Logger } from '@opwire/core';
import type { Answer } from './answer.js';
import type { Authenticator } from './authenticator.js';
import type { HealthItem } from './health.js';

/** What a hand-written route receives once authentication and body parsing are done. */
export interface CustomRouteInput {
  readonly caller: Caller | undefined;
  readonly locale: Locale;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  /** The parsed JSON body, or `undefined` when the request had none. */
  readonly body: unknown;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[]>>;
  /** The parent span from an incoming `traceparent`, ready to pass to `invoke`. */
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
  readonly summary?: string;
  handle(input: CustomRouteInput): Promise<Response> | Response;
}

/** How the HTTP surface serves an Opwire app. */
export interface HttpOptions {
  /** Resolves the caller from request headers; without it every request is anonymous. */
  readonly authenticate?: Authenticator;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get 413 without being read. */
  readonly bodyLimit?: number;
  /** Checks aggregated by `GET /health/ready`. */
  readonly health?: readonly HealthItem[];
  /** Title and version of the OpenAPI document. */
  readonly info?: { readonly title: string; readonly version: string; readonly description?: string };
  readonly routes?: readonly CustomRoute[];
  /** Runs at the end of a graceful shutdown, after in-flight requests finished (close stores here). */
  readonly onClose?: () => Promise<void>;
  readonly logger?: Logger;
  /** Deadline of each operation call in milliseconds (none by default). */
  readonly timeoutMs?: number;
  /**
   * Serve the Swagger UI docs page at `/docs`: by default when the optional `swagger-ui-dist` package is
   * installed; `true` requires it (startup fails without it); `false` never serves it.
   */
  readonly docs?: boolean;
  /** How long `close()` waits for in-flight requests before cutting connections (default 10 s). */
  readonly shutdownTimeoutMs?: number;
}

/** One incoming request as the dispatcher sees it, whatever server received it. */
export interface HttpExchange {
  readonly method: string;
  /** Path and query string, as received. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly signal: AbortSignal;
  /** Whether the request carries a (non-empty) body. */
  readonly hasBody: boolean;
  /**
   * Reads the whole body as text and calls `done` with it, or `failed` with `PAYLOAD_TOO_LARGE` as
   * soon as it passes `limit` bytes (or `CANCELLED` when the client goes away). Callbacks rather
   * than a promise: the node server hands the body over in the stream's own `end` event.
   */
  readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void;
  /** Sends the answer; the dispatcher calls it exactly once per exchange. */
  respond(answer: Answer): void;
}
