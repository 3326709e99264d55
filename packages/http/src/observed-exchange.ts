import type { Logger } from '@opwire/core';
import { type Answer, JsonAnswer, joinVary, mergeHeaders } from './answer.js';
import { ForwardingExchange } from './forwarding-exchange.js';
import type { HttpExchange } from './http-options.js';

/** What an observed exchange adds to the answer and writes once it is sent. */
export interface ExchangeObserver {
  /** Headers every answer carries (CORS), or `undefined` for none. */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** Writes the access line, or `undefined` when the access log is off. */
  readonly logger: Logger | undefined;
}

/**
 * An exchange whose answer gets the observer's headers and, with an access log, one `info` line: method,
 * route template, status, duration in milliseconds (to the answer's head: a stream is logged when it starts)
 * and the request id. Everything else is the wrapped exchange's.
 */
export class ObservedExchange extends ForwardingExchange {
  /** The route template, once the dispatcher matched one. */
  route: string | undefined = undefined;
  private readonly startedAt = performance.now();

  constructor(
    inner: HttpExchange,
    private readonly observer: ExchangeObserver,
  ) {
    super(inner);
  }

  override respond(answer: Answer): void {
    const extra = this.observer.headers;
    const sent = extra === undefined ? answer : withHeaders(answer, extra);
    const logger = this.observer.logger;
    if (logger?.info) {
      const line: Record<string, unknown> = {
        method: this.method,
        route: this.route ?? null,
        path: this.url.split('?', 1)[0],
        status: sent.status,
        durationMs: Math.round((performance.now() - this.startedAt) * 1000) / 1000,
        requestId: requestIdIn(sent) ?? this.headers['x-request-id'] ?? null,
      };
      logger.info('request', line);
    }
    this.inner.respond(sent);
  }
}

function withHeaders(answer: Answer, extra: Readonly<Record<string, string>>): Answer {
  if (answer instanceof JsonAnswer) return answer.withHeaders(extra);
  if (answer instanceof Response) {
    try {
      setHeaders(answer.headers, extra);
      return answer;
    } catch {
      // A response from fetch() has immutable headers: the same body under a copy of them.
      const headers = new Headers(answer.headers);
      setHeaders(headers, extra);
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    }
  }
  return { ...answer, headers: mergeHeaders(answer.headers, extra) };
}

/** Sets `extra` on a response's headers; `Vary` is joined with the one the response has. */
function setHeaders(headers: Headers, extra: Readonly<Record<string, string>>): void {
  for (const name in extra) {
    const value = extra[name] as string;
    const before = name === 'vary' ? headers.get('vary') : null;
    headers.set(name, before === null ? value : joinVary(before, value));
  }
}

/** The request id the answer echoes (every generated and custom route sets one). */
function requestIdIn(answer: Answer): string | undefined {
  if (answer instanceof JsonAnswer) return answer.requestId;
  if (answer instanceof Response) return answer.headers.get('x-request-id') ?? undefined;
  return answer.headers['x-request-id'];
}
