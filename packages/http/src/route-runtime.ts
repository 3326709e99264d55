import type { Locale, Logger, Opwire } from '@opwire/core';
import { toOpwireError } from '@opwire/core';
import type { Authenticator } from '@opwire/core/surface';
import type { Answer, PlainAnswer } from './answer.js';
import type { HttpExchange } from './http-options.js';
import { problemAnswer } from './problem-json.js';
import { requestIdOf } from './request-preamble.js';
import type { RunningCalls } from './running-calls.js';

/** What every compiled route shares: the app, the authenticator, the limits and the logger. */
export interface RouteRuntime {
  readonly app: Opwire;
  readonly authenticate: Authenticator | undefined;
  readonly bodyLimit: number;
  readonly logger: Logger;
  readonly timeoutMs: number | undefined;
  /** The calls running, and the signal a detached route's call gets (aborted at the shutdown deadline). */
  readonly calls: RunningCalls;
}

/** A compiled route: answers one exchange through `exchange.respond`, given the matched path parameters and query. */
export type RouteHandler = (
  exchange: HttpExchange,
  params: Readonly<Record<string, string | undefined>>,
  query: Readonly<Record<string, string | string[]>>,
) => void;

/** A route written as a promise of its answer (custom routes, health, documents). */
export type AsyncRouteHandler = (
  exchange: HttpExchange,
  params: Readonly<Record<string, string | undefined>>,
  query: Readonly<Record<string, string | string[]>>,
) => Promise<Answer>;

/** Adapts a promise-returning route to the dispatcher; a rejection is answered as a problem. */
export function answering(handler: AsyncRouteHandler, runtime: RouteRuntime): RouteHandler {
  return (exchange, params, query) => {
    handler(exchange, params, query).then(
      (answer) => exchange.respond(answer),
      (thrown: unknown) =>
        exchange.respond(
          failureAnswer(thrown, {
            runtime,
            exchange,
            locale: 'en',
            requestId: requestIdOf(exchange.headers),
            logged: false,
          }),
        ),
    );
  };
}

/** Turns anything a route threw into a problem answer, logging internal failures nobody logged yet. */
export function failureAnswer(
  thrown: unknown,
  options: {
    readonly runtime: RouteRuntime;
    readonly exchange: HttpExchange;
    readonly locale: Locale;
    readonly requestId: string;
    readonly logged: boolean;
    /** Headers middleware set before the call failed. */
    readonly headers?: Readonly<Record<string, string>> | undefined;
  },
): PlainAnswer {
  const error = toOpwireError(thrown);
  if (error.code === 'INTERNAL' && !options.logged) {
    options.runtime.logger.error('http request failed', {
      method: options.exchange.method,
      requestId: options.requestId,
      error: error.cause ?? error,
    });
  }
  return problemAnswer(error, {
    locale: options.locale,
    requestId: options.requestId,
    authorization: options.exchange.headers.authorization,
    close: error.code === 'PAYLOAD_TOO_LARGE',
    logger: options.runtime.logger,
    headers: options.headers,
  });
}
