import './http-error-codes.js';
import { type AnyOperation, type Caller, OpwireError, parseTraceparent } from '@opwire/core';
import { jsonAnswer } from './answer.js';
import { compileParameterCoercer, type ParameterCoercer } from './coerce-parameters.js';
import type { RouteSpec } from './derive-route.js';
import { parseBody } from './parse-json-body.js';
import {
  authenticateRequest,
  checkBodyHeaders,
  localeOf,
  requestedLocale,
  requestIdOf,
} from './request-preamble.js';
import { failureAnswer, type RouteHandler, type RouteRuntime } from './route-runtime.js';

/**
 * Compiles an operation's route once at startup: header checks, authentication, body or query
 * binding, then `invoke`, with everything that does not depend on the request decided here.
 */
export function compileOperationRoute(
  operation: AnyOperation,
  route: RouteSpec,
  runtime: RouteRuntime,
): RouteHandler {
  const { app, bodyLimit, logger, authenticate, timeoutMs } = runtime;
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  const coerce = compileParameterCoercer(operation.request);
  const names = route.pathParameters;
  const status = route.successStatus;
  const anonymousRejected = !operation.public;

  return async (exchange, params, query) => {
    const headers = exchange.headers;
    const requestId = requestIdOf(headers);
    let caller: Caller | undefined;
    let invoking = false;
    try {
      if (takesBody && exchange.hasBody) checkBodyHeaders(headers, bodyLimit);
      if (authenticate) caller = await authenticateRequest(authenticate, headers, logger);
      const options = {
        caller,
        origin: { surface: 'http' as const, requestId },
        trace: parseTraceparent(headers.traceparent),
        locale: requestedLocale(headers),
        signal: exchange.signal,
        timeoutMs,
      };
      invoking = true;
      // The pipeline answers (and audits) an anonymous call before looking at the input: skip the body.
      if (anonymousRejected && caller === undefined) await app.invoke(operation, undefined, options);
      invoking = false;
      const input = takesBody
        ? bindBody(
            exchange.hasBody ? parseBody(await exchange.readBody(bodyLimit)) : {},
            params,
            names,
            coerce,
          )
        : bindQuery(query, params, names, coerce);
      invoking = true;
      return jsonAnswer(status, await app.invoke(operation, input, options), requestId);
    } catch (thrown) {
      return failureAnswer(thrown, {
        runtime,
        exchange,
        locale: localeOf(headers, caller),
        requestId,
        logged: invoking,
      });
    }
  };
}

function bindBody(
  body: unknown,
  params: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
  coerce: ParameterCoercer,
): unknown {
  if (names.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const input = body as Record<string, unknown>;
  for (const name of names) {
    if (Object.hasOwn(input, name)) throw fieldInPath(name);
    input[name] = coerce(name, params[name] as string);
  }
  return input;
}

function bindQuery(
  query: Readonly<Record<string, string | string[]>>,
  params: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
  coerce: ParameterCoercer,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key in query) {
    if (key === '__proto__') {
      throw new OpwireError('PROTOTYPE_POISONING', { field: key, params: { field: `?${key}` } });
    }
    if (names.includes(key)) throw fieldInPath(key);
    input[key] = coerce(key, query[key] as string | string[]);
  }
  for (const name of names) input[name] = coerce(name, params[name] as string);
  return input;
}

function fieldInPath(name: string): OpwireError {
  const issue = { code: 'UNKNOWN_FIELD', field: name, pointer: `/${name}` };
  return new OpwireError('UNKNOWN_FIELD', { field: name, issues: [issue] });
}
