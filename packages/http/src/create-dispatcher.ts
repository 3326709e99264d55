import { consoleLogger, coreErrors, type Opwire, toOpwireError } from '@opwire/core';
import FindMyWay from 'find-my-way';
import type { PlainAnswer } from './answer.js';
import { compileCustomRoute } from './compile-custom-route.js';
import { compileOperationRoute } from './compile-operation-route.js';
import { deriveRoute, toRouterPath } from './derive-route.js';
import { createDocsAssets } from './docs-page.js';
import { createHealthMonitor, type HealthMonitor } from './health-monitor.js';
import { httpErrors } from './http-errors.js';
import type { HttpExchange, HttpOptions } from './http-options.js';
import { createOpenApiDocument, type OpenApiDocument, type OpenApiInput } from './openapi.js';
import { problemAnswer } from './problem-json.js';
import { localeOf, requestIdOf } from './request-preamble.js';
import { answering, type RouteHandler, type RouteRuntime } from './route-runtime.js';

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
  readonly document: OpenApiDocument;
  readonly routes: readonly RouteInfo[];
  /** Stops the health probes the dispatcher started (not a monitor passed in `health`). */
  close(): void;
}

const defaultBodyLimit = 1024 * 1024;

/** Compiles every route of an app (generated, custom, health, OpenAPI, docs) into one router. */
export function createDispatcher(app: Opwire, options: HttpOptions = {}): Dispatcher {
  const runtime: RouteRuntime = {
    app,
    authenticate: options.authenticate,
    bodyLimit: options.bodyLimit ?? defaultBodyLimit,
    logger: options.logger ?? app.logger ?? consoleLogger,
    timeoutMs: options.timeoutMs,
  };
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 500 });
  const methods = new Set<string>();
  const routes: RouteInfo[] = [];
  // Paths without parameters are also kept by exact `METHOD path`: one map lookup answers most requests.
  const staticRoutes = new Map<string, Map<string, RouteHandler>>();
  const register = (method: string, path: string, handler: RouteHandler, operationId?: string) => {
    try {
      router.on(method as 'GET', toRouterPath(path), () => undefined, handler);
      if (!/[{}:*]/.test(path)) {
        const byPath = staticRoutes.get(method) ?? new Map<string, RouteHandler>();
        staticRoutes.set(method, byPath.set(path, handler));
      }
    } catch (error) {
      throw coreErrors.INVALID_CONFIGURATION({
        params: {
          reason: `route ${method} ${path}${operationId ? ` of "${operationId}"` : ''} conflicts with another route`,
        },
        cause: error,
      });
    }
    methods.add(method);
    routes.push(operationId === undefined ? { method, path } : { method, path, operationId });
  };

  const operations: Array<OpenApiInput['operations'][number]> = [];
  for (const operation of app.registry.exposedTo('http')) {
    const route = deriveRoute(operation);
    operations.push({
      operation,
      route,
      errors: app.errorsOf(operation),
      headers: app.responseHeadersOf(operation),
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
    const route = deriveRoute({ ...operation, http: { method: extra.method, path: extra.path } });
    operationRoutes.push({
      operation,
      route,
      extra,
      errors: app.errorsOf(operation),
      headers: app.responseHeadersOf(operation),
    });
    register(extra.method, extra.path, compileOperationRoute(operation, route, runtime, extra), extra.id);
  }
  for (const route of options.routes ?? [])
    register(route.method, route.path, answering(compileCustomRoute(route, runtime), runtime));

  const document = createOpenApiDocument({
    info: options.info ?? { title: 'Opwire API', version: '0.0.0' },
    operations,
    operationRoutes,
    customRoutes: options.routes ?? [],
    context: {
      authenticates: options.authenticate !== undefined,
      hasDeadline: options.timeoutMs !== undefined,
    },
  });
  const documentText = JSON.stringify(document);
  register('GET', '/openapi.json', (exchange) =>
    exchange.respond(fixed(200, 'application/json', documentText)),
  );
  register('GET', '/health/live', (exchange) =>
    exchange.respond(fixed(200, 'application/json', '{"status":"live"}')),
  );
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
    const serveDocs = answering(
      async (exchange, params) => (await docs(params.asset)) ?? notFound(exchange, []),
      runtime,
    );
    register('GET', '/docs', serveDocs);
    register('GET', '/docs/{asset}', serveDocs);
  }

  const allowedMethods = (url: string) =>
    [...methods].filter((method) => router.find(method as 'GET', url) !== null);
  const notFound = (exchange: HttpExchange, allowed: string[]): PlainAnswer => {
    if (allowed.includes('GET')) allowed.push('HEAD');
    const path = exchange.url.split('?', 1)[0]?.slice(0, 200) ?? '/';
    const error =
      allowed.length === 0
        ? httpErrors.ROUTE_NOT_FOUND({ params: { method: exchange.method, path } })
        : httpErrors.METHOD_NOT_ALLOWED({
            params: { method: exchange.method, allow: allowed.join(', ') },
          });
    return problemAnswer(error, {
      locale: localeOf(exchange.headers, undefined),
      requestId: requestIdOf(exchange.headers),
      allow: allowed.length === 0 ? undefined : allowed.join(', '),
    });
  };

  return {
    document,
    routes,
    close: () => {
      if (monitor !== given) monitor.close();
    },
    dispatch(exchange) {
      try {
        const method = exchange.method === 'HEAD' ? 'GET' : exchange.method;
        const exact = staticRoutes.get(method)?.get(exchange.url);
        if (exact !== undefined) return exact(exchange, noParameters, noParameters);
        const found = router.find(method as 'GET', exchange.url);
        if (found === null) return exchange.respond(notFound(exchange, allowedMethods(exchange.url)));
        (found.store as RouteHandler)(exchange, found.params, found.searchParams);
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
    },
  };
}

const noParameters: Readonly<Record<string, never>> = Object.freeze({});

function fixed(status: number, type: string, body: string): PlainAnswer {
  return { status, headers: { 'content-type': type }, body };
}
