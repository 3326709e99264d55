import {
  type AnyOperation,
  type Caller,
  coreErrors,
  type InvokeOptions,
  isOpwireError,
  type OpwireError,
  type ResponseText,
} from '@opwire/core';
import { compileJsonStringify, invokeOptionsFrom } from '@opwire/core/surface';
import { acceptsMediaType } from './accepts-media-type.js';
import { type Answer, JsonAnswer, jsonAnswer } from './answer.js';
import { compileInputBinder } from './compile-input-binder.js';
import { takesBody as methodTakesBody, type RouteSpec } from './derive-route.js';
import { toEventStream } from './event-stream.js';
import { httpErrors } from './http-errors.js';
import type { HttpExchange, OperationRoute, OperationRouteRequest } from './http-options.js';
import { parseBody } from './parse-json-body.js';
import { checkQueryEncoding } from './percent-encoding.js';
import { authenticateRequest, checkBodyHeaders, localeOf, requestIdOf } from './request-preamble.js';
import { failureAnswer, type RouteHandler, type RouteRuntime } from './route-runtime.js';

/**
 * Compiles an operation's route once at startup: header checks, authentication, body or query
 * binding, then `invoke`, with everything that does not depend on the request decided here.
 * Written with callbacks rather than `async`: the body arrives in the stream's `end` event and the
 * answer is written when `invoke` settles, with no promise of the route's own in between.
 */
export function compileOperationRoute(
  operation: AnyOperation,
  route: RouteSpec,
  runtime: RouteRuntime,
  codec?: Pick<OperationRoute, 'decode' | 'encode' | 'detached'>,
): RouteHandler {
  const { app, logger, authenticate, timeoutMs, calls } = runtime;
  const bodyLimit = route.bodyLimit ?? runtime.bodyLimit;
  const takesBody = methodTakesBody(route.method);
  const bind = compileInputBinder(operation.request, route.pathParameters);
  const status = route.successStatus;
  const anonymousRejected = !operation.public;
  const streams = operation.stream === true;
  // A route with its own encoding (a codec) answers in its format; only the event stream is refused by Accept.
  const eventStream = streams && !codec;
  const detached = codec?.detached === true;
  const stringify = compileJsonStringify(operation.response);
  // A JSON answer: the response check may write its text while checking it (`ResponseText`).
  const writesJson = !streams && !codec;

  /** Answers a failure as a problem; `logged` when the pipeline already logged (and audited) it. */
  const fail = (exchange: HttpExchange, thrown: unknown, request: RouteRequest, logged: boolean) => {
    exchange.respond(
      failureAnswer(thrown, {
        runtime,
        exchange,
        locale: localeOf(exchange.headers, request.caller),
        requestId: request.requestId,
        logged,
        headers: request.responseHeaders,
      }),
    );
  };

  /** What a codec's `decode` and `encode` are told of the request. */
  const codecRequest = (exchange: HttpExchange, request: RouteRequest): OperationRouteRequest => ({
    caller: request.caller,
    locale: localeOf(exchange.headers, request.caller),
    requestId: request.requestId,
    signal: exchange.signal,
    headers: exchange.headers,
    params: request.params,
  });

  /** Answers through the route's own encoding; what it fails with is answered as a problem. */
  const encode = (
    exchange: HttpExchange,
    value: unknown,
    request: RouteRequest,
    encoder: OperationRoute['encode'],
  ) => {
    Promise.resolve()
      .then(() => encoder(value, codecRequest(exchange, request)))
      .then(
        (response) => {
          try {
            const headers = { ...request.responseHeaders, 'x-request-id': request.requestId };
            for (const [name, header] of Object.entries(headers)) {
              if (!response.headers.has(name)) response.headers.set(name, header);
            }
          } catch {
            // Responses from fetch() have immutable headers; they are then sent as they are.
          }
          exchange.respond(response);
        },
        (thrown: unknown) => fail(exchange, thrown, request, false),
      );
  };

  /** Answers the response; one that matched its schema but cannot be serialized (a BigInt) is INTERNAL. */
  const succeed = (exchange: HttpExchange, value: unknown, request: RouteRequest) => {
    if (codec) return encode(exchange, value, request, codec.encode);
    let answer: Answer;
    try {
      answer = streams
        ? toEventStream(value as AsyncIterable<unknown>, {
            status,
            locale: localeOf(exchange.headers, request.caller),
            requestId: request.requestId,
            headers: request.responseHeaders,
          })
        : request.text !== undefined && request.value === value
          ? new JsonAnswer(status, request.text, request.ascii, request.requestId, request.responseHeaders)
          : jsonAnswer(status, value, request.requestId, request.responseHeaders, stringify);
    } catch (thrown) {
      return fail(exchange, thrown, request, false);
    }
    exchange.respond(answer);
  };

  const call = app.prepare(operation);
  const invoke = (exchange: HttpExchange, input: unknown, request: RouteRequest) => {
    if (detached) return invokeDetached(exchange, input, request);
    let result: unknown;
    try {
      result = call(input, request.options);
    } catch (thrown) {
      return fail(exchange, thrown, request, true);
    }
    // A call that completed synchronously (no I/O on the way) is answered at once.
    if (!(result instanceof Promise)) return succeed(exchange, result, request);
    result.then(
      (value) => succeed(exchange, value, request),
      (thrown: unknown) => fail(exchange, thrown, request, true),
    );
  };

  // A detached call may outlive its answer (its stream read on by the encoding): it counts as running until its
  // stream ends, so a shutdown cancels it and waits for its audit record before the stores close.
  const invokeDetached = (exchange: HttpExchange, input: unknown, request: RouteRequest) => {
    calls.begin();
    Promise.resolve()
      .then(() => call(input, request.options))
      .then(
        (value) => {
          if (!streams) calls.end();
          succeed(exchange, streams ? calls.endWith(value as AsyncIterable<unknown>) : value, request);
        },
        (thrown: unknown) => {
          calls.end();
          fail(exchange, thrown, request, true);
        },
      );
  };

  const bindAndInvoke = (exchange: HttpExchange, request: RouteRequest) => {
    // The input comes from the body alone: a query parameter (`?dryRun=true`) would be silently ignored
    // while the call goes ahead, so it is refused before anything is read or run.
    if (takesBody) {
      const unexpected = firstKeyOf(request.query);
      if (unexpected !== undefined) {
        return fail(
          exchange,
          httpErrors.UNEXPECTED_QUERY({ field: unexpected.slice(0, 200) }),
          request,
          false,
        );
      }
    }
    if (takesBody && exchange.hasBody) {
      exchange.readBody(
        bodyLimit,
        (text) => {
          let input: unknown;
          try {
            input = codec?.decode
              ? codec.decode(parseBody(text), codecRequest(exchange, request))
              : bind.body(parseBody(text), request.params);
          } catch (thrown) {
            return fail(exchange, thrown, request, false);
          }
          invoke(exchange, input, request);
        },
        (error) => fail(exchange, error, request, false),
      );
      return;
    }
    let input: unknown;
    try {
      if (!takesBody) checkQueryEncoding(exchange.url);
      const source = takesBody ? {} : request.query;
      input = codec?.decode
        ? codec.decode(source, codecRequest(exchange, request))
        : takesBody
          ? bind.body(source, request.params)
          : bind.query(request.query, request.params);
    } catch (thrown) {
      return fail(exchange, thrown, request, false);
    }
    invoke(exchange, input, request);
  };

  const proceed = (exchange: HttpExchange, request: RouteRequest) => {
    try {
      // Whatever the handler or any middleware sets goes out; what middleware declares is only documented.
      request.responseHeaders = {};
      request.options = invokeOptionsFrom({
        surface: 'http',
        caller: request.caller,
        headers: exchange.headers,
        // A detached route's call is not cancelled by the connection closing (its encoding decides), only by
        // the server's shutdown deadline.
        signal: detached ? calls.signal : exchange.signal,
        timeoutMs,
        ids: { requestId: request.requestId, clientAddress: exchange.clientAddress },
        responseHeaders: request.responseHeaders,
        responseText: writesJson ? request : undefined,
      });
    } catch (thrown) {
      return fail(exchange, thrown, request, false);
    }
    if (anonymousRejected && request.caller === undefined) {
      // The pipeline answers (and audits) an anonymous call before looking at the input: skip the body.
      let refused: unknown;
      try {
        refused = call(undefined, request.options);
      } catch (thrown) {
        return fail(exchange, thrown, request, true);
      }
      // Admission always refuses an anonymous call here; were it to let one through, the operation
      // would already have run without its input: answer INTERNAL rather than run it again.
      Promise.resolve(refused).then(
        () => fail(exchange, admittedAnonymously(operation), request, false),
        (thrown: unknown) => fail(exchange, thrown, request, true),
      );
      return;
    }
    bindAndInvoke(exchange, request);
  };

  const refuse = (exchange: HttpExchange, error: OpwireError, request: RouteRequest) => {
    let options: InvokeOptions;
    try {
      options = invokeOptionsFrom({
        surface: 'http',
        caller: undefined,
        headers: exchange.headers,
        ids: { requestId: request.requestId, clientAddress: exchange.clientAddress },
      });
    } catch (thrown) {
      return fail(exchange, thrown, request, false);
    }
    app.refuse(operation, error, options).then(
      () => fail(exchange, error, request, true),
      (auditError: unknown) => {
        logger.error('audit append failed', { error: auditError });
        fail(exchange, error, request, true);
      },
    );
  };

  return (exchange, params, query) => {
    const headers = exchange.headers;
    const request = new RouteRequest(requestIdOf(headers), params, query);
    try {
      if (eventStream && !acceptsMediaType(headers.accept, 'text/event-stream')) {
        throw httpErrors.NOT_ACCEPTABLE({ params: { produces: 'text/event-stream' } });
      }
      if (takesBody && exchange.hasBody) checkBodyHeaders(headers, bodyLimit);
    } catch (thrown) {
      return fail(exchange, thrown, request, false);
    }
    if (!authenticate) return proceed(exchange, request);
    authenticateRequest(authenticate, headers, logger).then(
      (caller) => {
        request.caller = caller;
        proceed(exchange, request);
      },
      (thrown: unknown) => {
        if (isOpwireError(thrown) && thrown.code === 'UNAUTHENTICATED') {
          // Credentials that authenticate no one are refused like none, through the pipeline, so the refusal is
          // audited (UNAUTHENTICATED) as a missing token's is; the answer still says the token was refused.
          if (anonymousRejected) return proceed(exchange, request);
          // A public operation is not called anonymously instead: the refusal is audited as its call's.
          return refuse(exchange, thrown, request);
        }
        fail(exchange, thrown, request, false);
      },
    );
  };
}

/** What one request to an operation's route carries from step to step; the response check leaves its text here. */
class RouteRequest implements ResponseText {
  caller: Caller | undefined = undefined;
  options: InvokeOptions = noOptions;
  responseHeaders: Record<string, string> | undefined = undefined;
  value: unknown = undefined;
  text: string | undefined = undefined;
  ascii = false;

  constructor(
    readonly requestId: string,
    readonly params: Readonly<Record<string, string | undefined>>,
    readonly query: Readonly<Record<string, string | string[]>>,
  ) {}
}

const noOptions: InvokeOptions = {};

/** The first key of a query, or `undefined` for none. */
function firstKeyOf(query: Readonly<Record<string, unknown>>): string | undefined {
  for (const key in query) return key;
  return undefined;
}

function admittedAnonymously(operation: AnyOperation): OpwireError {
  return coreErrors.INTERNAL({
    cause: new Error(`operation "${operation.id}" admitted an anonymous call although it is not public`),
  });
}
