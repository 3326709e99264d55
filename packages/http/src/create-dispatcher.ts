import { trace } from '@opentelemetry/api';
import {
  consoleLogger,
  coreErrors,
  type Locale,
  type Opwire,
  toOpwireError,
  tracingEnabled,
} from '@opwire/core';
import FindMyWay from 'find-my-way';
import type { PlainAnswer } from './answer.js';
import { checkHttpOptions } from './check-http-options.js';
import { compileCustomRoute } from './compile-custom-route.js';
import { compileOperationRoute } from './compile-operation-route.js';
import { compileCors, defaultExposeHeaders } from './cors.js';
import { checkQueryFields, deriveRoute, toRouterPath } from './derive-route.js';
import { createDocsAssets } from './docs-page.js';
import { ForwardingExchange } from './forwarding-exchange.js';
import type { Readiness } from './health.js';
import { createHealthMonitor, type HealthMonitor } from './health-monitor.js';
import { httpErrors } from './http-errors.js';
import type { HttpExchange, HttpOptions } from './http-options.js';
import { ObservedExchange } from './observed-exchange.js';
import { createOpenApiDocument, type OpenApiDocument, type OpenApiInput } from './openapi.js';
import { noHostReason } from './parser-error-reason.js';
import { malformedEscapeReason } from './percent-encoding.js';
import { problemAnswer } from './problem-json.js';
import { localeOf, requestIdOf } from './request-preamble.js';
import { normalizePrefix } from './route-prefix.js';
import { answering, type RouteHandler, type RouteRuntime } from './route-runtime.js';
import { RunningCalls } from './running-calls.js';
import { dispatchInServerSpan, serverSpanActive } from './server-span.js';

/** A route the server answers, as listed by `routes()`. */
export interface RouteInfo {
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
}

/** The server-independent core of the HTTP surface: routes compiled once, one `dispatch` per request. */
export interface Dispatcher {
  /**
   * Routes one exchange; its route answers through `exchange.respond`, exactly once. A route that
   * throws is answered 500 `INTERNAL` (logged), with the request's id and language.
   */
  dispatch(exchange: HttpExchange): void;
  /** The OpenAPI document in English. */
  readonly document: OpenApiDocument;
  /** The OpenAPI document with operations' summaries and descriptions in `locale` (built once, when first asked). */
  documentIn(locale: Locale): OpenApiDocument;
  readonly routes: readonly RouteInfo[];
  /**
   * The CORS headers an answer to this origin carries (`undefined` without `cors`): for the answers Node
   * makes before a request reaches the dispatcher (431, 400).
   */
  corsHeadersFor(origin: string | undefined): Readonly<Record<string, string>> | undefined;
  /**
   * Starts the shutdown: `GET /health/ready` answers 503 from now on, and the health probes the
   * dispatcher started stop (not a monitor passed in `health`).
   */
  close(): void;
  /** What runs: the server counts its requests here, and detached routes' calls count themselves. */
  readonly calls: RunningCalls;
}

const defaultBodyLimit = 1024 * 1024;

/** The readiness body once shutdown has begun. */
const shuttingDown = JSON.stringify({
  status: 'unavailable',
  checks: [{ name: 'server', critical: true, status: 'degraded', code: 'SHUTTING_DOWN' }],
} satisfies Readiness);

/** Compiles every route of an app (generated, custom, health, OpenAPI, docs) into one router. */
export function createDispatcher(app: Opwire, options: HttpOptions = {}): Dispatcher {
  checkHttpOptions(options);
  const runtime: RouteRuntime = {
    app,
    authenticate: options.authenticate,
    bodyLimit: options.bodyLimit ?? defaultBodyLimit,
    logger: options.logger ?? app.logger ?? consoleLogger,
    timeoutMs: options.timeoutMs,
    calls: new RunningCalls(),
  };
  const prefix = normalizePrefix(options.prefix);
  // A parameter of any length the URL can carry (Node bounds the request line) reaches its operation, whose
  // schema answers for it (`OUT_OF_RANGE`); the router only matches.
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 65_536 });
  const methods = new Set<string>();
  const routes: RouteInfo[] = [];
  // Paths without parameters are also kept by exact `METHOD path`: one map lookup answers most requests.
  const staticRoutes = new Map<string, Map<string, Served>>();
  const register = (
    method: string,
    path: string,
    handler: RouteHandler,
    operationId?: string,
    prefixed = true,
  ) => {
    const served = prefixed ? prefix + path : path;
    const entry: Served = { handler, route: served };
    try {
      router.on(method as 'GET', toRouterPath(served), () => undefined, entry);
      if (!/[{}:*]/.test(served)) {
        const byPath = staticRoutes.get(method) ?? new Map<string, Served>();
        staticRoutes.set(method, byPath.set(served, entry));
      }
    } catch (error) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `route ${method} ${served}${operationId ? ` of "${operationId}"` : ''} conflicts with another route`,
        },
        cause: error,
      });
    }
    methods.add(method);
    routes.push(operationId === undefined ? { method, path: served } : { method, path: served, operationId });
  };

  const operations: Array<OpenApiInput['operations'][number]> = [];
  for (const operation of app.registry.exposedTo('http')) {
    const route = deriveRoute(operation);
    checkQueryFields(operation, route);
    operations.push({
      operation,
      route,
      errors: app.errorsOf(operation),
      headers: app.responseHeadersOf(operation),
      requestHeaders: app.requestHeadersOf(operation),
    });
    register(route.method, route.path, compileOperationRoute(operation, route, runtime), operation.id);
  }
  const operationRoutes: Array<NonNullable<OpenApiInput['operationRoutes']>[number]> = [];
  for (const extra of options.operationRoutes ?? []) {
    const operation = app.registry.get(extra.operation);
    if (!operation) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `operationRoutes: operation "${extra.operation}" of ${extra.method} ${extra.path} is not registered`,
        },
      });
    }
    const bodyLimit = extra.bodyLimit ?? operation.http?.bodyLimit;
    if (extra.bodyLimit !== undefined && (!Number.isSafeInteger(extra.bodyLimit) || extra.bodyLimit < 1)) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `operationRoutes: ${extra.method} ${extra.path}: bodyLimit must be a whole number of bytes from 1, not ${extra.bodyLimit}`,
        },
      });
    }
    const route = deriveRoute({
      ...operation,
      http: { method: extra.method, path: extra.path, ...(bodyLimit === undefined ? {} : { bodyLimit }) },
    });
    operationRoutes.push({
      operation,
      route,
      extra,
      errors: app.errorsOf(operation),
      headers: app.responseHeadersOf(operation),
      requestHeaders: app.requestHeadersOf(operation),
    });
    register(extra.method, extra.path, compileOperationRoute(operation, route, runtime, extra), extra.id);
  }
  for (const route of options.routes ?? []) {
    const handler = answering(compileCustomRoute(route, runtime), runtime);
    register(route.method, route.path, handler, undefined, route.prefixed !== false);
  }

  const openApiInput: OpenApiInput = {
    info: options.info ?? { title: 'Opwire API', version: '0.0.0' },
    operations,
    operationRoutes,
    customRoutes: options.routes ?? [],
    prefix,
    ...(options.openapi ? { options: options.openapi } : {}),
    context: {
      authenticates: options.authenticate !== undefined,
      hasDeadline: options.timeoutMs !== undefined,
    },
  };
  // The English document is built at startup (a broken one fails it); another language's when first asked.
  const document = createOpenApiDocument(openApiInput);
  const documents = new Map<Locale, { readonly document: OpenApiDocument; readonly text: string }>([
    ['en', { document, text: JSON.stringify(document) }],
  ]);
  const documentOf = (locale: Locale) => {
    let built = documents.get(locale);
    if (built === undefined) {
      const localized = createOpenApiDocument(openApiInput, locale);
      built = { document: localized, text: JSON.stringify(localized) };
      documents.set(locale, built);
    }
    return built;
  };
  register('GET', '/openapi.json', (exchange) => {
    // In the language asked for, as problems are: each text falls back to English where none is declared.
    const locale = localeOf(exchange.headers, undefined);
    exchange.respond({
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-language': locale,
        vary: 'Accept-Language',
        'x-request-id': requestIdOf(exchange.headers),
      },
      body: documentOf(locale).text,
    });
  });
  register('GET', '/health/live', (exchange) =>
    exchange.respond(fixed(200, 'application/json', '{"status":"live"}')),
  );
  let draining = false;
  const given = options.health;
  const monitor: HealthMonitor =
    given && 'readiness' in given
      ? given
      : createHealthMonitor(given ?? [], {
          intervalMs: options.healthIntervalMs,
          timeoutMs: options.healthTimeoutMs,
          logger: runtime.logger,
        });
  register(
    'GET',
    '/health/ready',
    answering(async () => {
      // Shutting down: tell the load balancer to stop sending traffic while in-flight requests finish.
      if (draining) return fixed(503, 'application/json', shuttingDown);
      const readiness = await monitor.readiness();
      return fixed(
        readiness.status === 'unavailable' ? 503 : 200,
        'application/json',
        JSON.stringify(readiness),
      );
    }, runtime),
  );
  const docs = options.docs === false ? undefined : createDocsAssets(options.docs === true);
  if (docs) {
    const serveDocs = answering(async (exchange, params) => {
      const requestId = { 'x-request-id': requestIdOf(exchange.headers) };
      // The page's asset URLs are relative (`docs/swagger-ui.css`), right only from `…/docs` without a slash.
      if (params.asset === undefined && exchange.url.split('?', 1)[0]?.endsWith('/'))
        return { status: 308, headers: { location: '../docs', ...requestId }, body: undefined };
      const asset = await docs(params.asset);
      return asset ? { ...asset, headers: { ...asset.headers, ...requestId } } : notFound(exchange, []);
    }, runtime);
    register('GET', '/docs', serveDocs);
    register('GET', '/docs/{asset}', serveDocs);
  }

  const allowedMethods = (url: string) =>
    [...methods].filter((method) => router.find(method as 'GET', url) !== null);
  const notFound = (exchange: HttpExchange, allowed: string[]): PlainAnswer => {
    if (allowed.includes('GET')) allowed.push('HEAD');
    // A HEAD answer's length is that of GET's body (RFC 9110, section 9.3.2): its detail names GET too.
    const method = exchange.method === 'HEAD' ? 'GET' : exchange.method;
    const path = exchange.url.split('?', 1)[0]?.slice(0, 200) ?? '/';
    const whole = exchange.url.split('?', 1)[0] ?? '';
    const malformed = allowed.length === 0 ? malformedPathReason(whole) : undefined;
    const error =
      allowed.length === 0
        ? malformed
          ? httpErrors.MALFORMED_PATH({ params: { path, reason: malformed } })
          : httpErrors.ROUTE_NOT_FOUND({ params: { method, path } })
        : httpErrors.METHOD_NOT_ALLOWED({
            // A Chinese list is written with the enumeration comma; `Allow` keeps HTTP's own list.
            params: {
              method,
              allow: { en: allowed.join(', '), 'zh-CN': allowed.join('、') },
            },
          });
    return problemAnswer(error, {
      locale: localeOf(exchange.headers, undefined),
      requestId: requestIdOf(exchange.headers),
      allow: allowed.length === 0 ? undefined : allowed.join(', '),
    });
  };

  // Headers custom routes need a browser to read (MCP's session id) are exposed beside the configured ones.
  const cors = options.cors
    ? compileCors({
        ...options.cors,
        exposeHeaders: [
          ...new Set([
            ...(options.cors.exposeHeaders ?? defaultExposeHeaders),
            ...(options.routes ?? []).flatMap((route) => route.exposeHeaders ?? []),
          ]),
        ],
      })
    : undefined;
  const accessLogger = options.accessLog ? runtime.logger : undefined;
  const observing = cors !== undefined || accessLogger !== undefined;

  const routeTraced = (exchange: HttpExchange) => route(exchange, true);

  /**
   * The path (and query) of a request target that is not one (RFC 9112, section 3.2): the absolute form
   * `http://host/path` is served as `/path`; `OPTIONS *` asks about the server as a whole and is answered
   * 204 with every method served; anything else is `MALFORMED_PATH`.
   */
  const originFormOf = (exchange: HttpExchange): string | PlainAnswer => {
    const target = exchange.url;
    if (target === '*' && exchange.method === 'OPTIONS') {
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
      return { status: 204, headers: { allow }, body: undefined };
    }
    if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
      const url = new URL(target);
      return url.pathname + url.search;
    }
    const path = target.split('?', 1)[0]?.slice(0, 200) ?? '';
    return problemAnswer(httpErrors.MALFORMED_PATH({ params: { path, reason: notAPath } }), {
      locale: localeOf(exchange.headers, undefined),
      requestId: requestIdOf(exchange.headers),
    });
  };

  return {
    document,
    documentIn: (locale) => documentOf(locale).document,
    routes,
    corsHeadersFor: (origin) => cors?.headersFor(origin),
    calls: runtime.calls,
    close: () => {
      draining = true;
      if (monitor !== given) monitor.close();
    },
    dispatch(received) {
      if (!tracingEnabled()) route(received, false);
      else if (serverSpanActive()) route(received, true);
      else dispatchInServerSpan(received, routeTraced);
    },
  };

  /** Routes one exchange; `traced` when an SDK is registered, so a server span may be there to name. */
  function route(received: HttpExchange, traced: boolean) {
    let exchange = received;
    let observed: ObservedExchange | undefined;
    if (observing) {
      exchange = observed = new ObservedExchange(received, {
        headers: cors?.headersFor(received.headers.origin),
        logger: accessLogger,
      });
      // A preflight is answered before routing and authentication: it carries no credentials (but a `Host`).
      if (
        cors &&
        received.method === 'OPTIONS' &&
        received.headers['access-control-request-method'] &&
        received.hostMissing !== true
      ) {
        observed.route = 'preflight';
        return received.respond(cors.preflight(received.headers));
      }
    }
    try {
      if (received.hostMissing === true) {
        return exchange.respond(
          problemAnswer(httpErrors.MALFORMED_REQUEST({ params: { reason: noHostReason } }), {
            locale: localeOf(exchange.headers, undefined),
            requestId: requestIdOf(exchange.headers),
          }),
        );
      }
      // Node hands the request target as sent: anything but a path (`*`, `http://host/path`) is rare.
      if (exchange.url.charCodeAt(0) !== slash) {
        const target = originFormOf(exchange);
        if (typeof target !== 'string') return exchange.respond(target);
        exchange = new RetargetedExchange(exchange, target);
      }
      const method = exchange.method === 'HEAD' ? 'GET' : exchange.method;
      const exact = staticRoutes.get(method)?.get(exchange.url);
      if (exact !== undefined) {
        routed(exchange.method, exact.route, observed, traced);
        return exact.handler(exchange, noParameters, noParameters);
      }
      const found = router.find(method as 'GET', exchange.url);
      if (found === null) return exchange.respond(notFound(exchange, allowedMethods(exchange.url)));
      const entry = found.store as Served;
      routed(exchange.method, entry.route, observed, traced);
      entry.handler(exchange, found.params, found.searchParams);
    } catch (error) {
      runtime.logger.error('http dispatch failed', { method: exchange.method, error });
      exchange.respond(
        problemAnswer(toOpwireError(error), {
          locale: localeOf(exchange.headers, undefined),
          requestId: requestIdOf(exchange.headers),
          logger: runtime.logger,
        }),
      );
    }
  }
}

/** A registered route: its handler and the template it was served under (`/orders/{id}`). */
interface Served {
  readonly handler: RouteHandler;
  readonly route: string;
}

/**
 * Names the matched route on the access line and on the active server span (`http.route`). Without an
 * SDK no span records, so the context is not even looked up.
 */
function routed(
  method: string,
  route: string,
  observed: ObservedExchange | undefined,
  traced: boolean,
): void {
  if (observed) observed.route = route;
  if (!traced) return;
  const span = trace.getActiveSpan();
  if (span?.isRecording()) {
    span.setAttribute('http.route', route);
    span.updateName(`${method} ${route}`);
  }
}

const noParameters: Readonly<Record<string, never>> = Object.freeze({});

const slash = '/'.charCodeAt(0);
/**
 * Why a path no route matched cannot name any resource: a broken escape, or escaped bytes that are not UTF-8
 * (the router cannot decode a parameter from them); `undefined` for a path that is just not served.
 */
function malformedPathReason(path: string): ReturnType<typeof malformedEscapeReason> {
  return path.includes('%') ? malformedEscapeReason(path) : undefined;
}

const notAPath = {
  en: 'the request target must be a path starting with "/"',
  'zh-CN': '请求目标必须是以“/”开头的路径',
};

/** An exchange whose request target is read as the path it names (`http://host/path` as `/path`). */
class RetargetedExchange extends ForwardingExchange {
  constructor(
    inner: HttpExchange,
    private readonly target: string,
  ) {
    super(inner);
  }

  override get url(): string {
    return this.target;
  }
}

function fixed(status: number, type: string, body: string): PlainAnswer {
  return { status, headers: { 'content-type': type }, body };
}
