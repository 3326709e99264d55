import { type Caller, coreErrors, extractTrace, isOpwireError } from '@opwire/core';
import { takesBody as methodTakesBody } from './derive-route.js';
import type { CustomRoute, HttpExchange } from './http-options.js';
import { parseBody } from './parse-json-body.js';
import { checkQueryEncoding } from './percent-encoding.js';
import { authenticateRequest, checkBodyHeaders, localeOf, requestIdOf } from './request-preamble.js';
import { type AsyncRouteHandler, failureAnswer, type RouteRuntime } from './route-runtime.js';

/** Compiles a hand-written route: the same header checks, authentication and JSON parsing as generated ones. */
export function compileCustomRoute(route: CustomRoute, runtime: RouteRuntime): AsyncRouteHandler {
  const { bodyLimit, logger, authenticate } = runtime;
  const takesBody = methodTakesBody(route.method);
  return async (exchange, params, query) => {
    const headers = exchange.headers;
    const requestId = requestIdOf(headers);
    let caller: Caller | undefined;
    let handling = false;
    let parsedBody: unknown;
    try {
      if (takesBody && exchange.hasBody) checkBodyHeaders(headers, bodyLimit);
      if (authenticate) caller = await authenticateRequest(authenticate, headers, logger);
      if (!route.public && caller === undefined) throw coreErrors.UNAUTHENTICATED();
      const body =
        takesBody && exchange.hasBody
          ? parseBody(await readBodyText(exchange, bodyLimit), (value) => {
              parsedBody = value;
            })
          : undefined;
      handling = true;
      const response = await route.handle({
        method: exchange.method,
        caller,
        locale: localeOf(headers, caller),
        signal: exchange.signal,
        body,
        params: params as Record<string, string>,
        // Checked when read: a route that reads the query gets MALFORMED_QUERY for bytes that cannot be decoded
        // (the router would hand them over undecoded); a page that never reads it is not refused for it.
        get query() {
          checkQueryEncoding(exchange.url);
          return query;
        },
        trace: extractTrace(headers),
        headers,
        requestId,
      });
      if (!(response instanceof Response)) {
        throw new TypeError(`custom route ${route.method} ${route.path} did not return a Response`);
      }
      return withRequestId(response, requestId);
    } catch (thrown) {
      // The server's own checks refused the request: the route may answer in its protocol.
      const refusal =
        !handling && isOpwireError(thrown)
          ? route.answerRefusal?.(thrown, {
              headers,
              locale: localeOf(headers, caller),
              requestId,
              ...(parsedBody === undefined ? {} : { body: parsedBody }),
            })
          : undefined;
      if (refusal) return withRequestId(refusal, requestId);
      return failureAnswer(thrown, {
        runtime,
        exchange,
        locale: localeOf(headers, caller),
        requestId,
        logged: false,
      });
    }
  };
}

/** The response with the request's id echoed, unless it names one itself. */
function withRequestId(response: Response, requestId: string): Response {
  if (!response.headers.has('x-request-id')) {
    try {
      response.headers.set('x-request-id', requestId);
    } catch {
      // Responses from fetch() have immutable headers; the id is then simply not echoed.
    }
  }
  return response;
}

/** Reads an exchange's body as a promise (a custom route is async already; a promise costs nothing here). */
function readBodyText(exchange: HttpExchange, limit: number): Promise<string> {
  return new Promise((resolve, reject) => exchange.readBody(limit, resolve, reject));
}
