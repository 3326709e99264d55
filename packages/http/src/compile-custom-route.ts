import { type Caller, coreErrors, parseTraceparent } from '@opwire/core';
import { takesBody as methodTakesBody } from './derive-route.js';
import type { CustomRoute, HttpExchange } from './http-options.js';
import { parseBody } from './parse-json-body.js';
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
    try {
      if (takesBody && exchange.hasBody) checkBodyHeaders(headers, bodyLimit);
      if (authenticate) caller = await authenticateRequest(authenticate, headers, logger);
      if (!route.public && caller === undefined) throw coreErrors.UNAUTHENTICATED();
      const body =
        takesBody && exchange.hasBody ? parseBody(await readBodyText(exchange, bodyLimit)) : undefined;
      const response = await route.handle({
        caller,
        locale: localeOf(headers, caller),
        signal: exchange.signal,
        body,
        params: params as Record<string, string>,
        query,
        trace: parseTraceparent(headers.traceparent),
        headers,
        requestId,
      });
      if (!(response instanceof Response)) {
        throw new TypeError(`custom route ${route.method} ${route.path} did not return a Response`);
      }
      if (!response.headers.has('x-request-id')) {
        try {
          response.headers.set('x-request-id', requestId);
        } catch {
          // Responses from fetch() have immutable headers; the id is then simply not echoed.
        }
      }
      return response;
    } catch (thrown) {
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

/** Reads an exchange's body as a promise (a custom route is async already; a promise costs nothing here). */
function readBodyText(exchange: HttpExchange, limit: number): Promise<string> {
  return new Promise((resolve, reject) => exchange.readBody(limit, resolve, reject));
}
