/** The answer shapes a route produces. */

/** Authentication: the authenticator port, bearer tokens and a fixed token table. */
/** TypeBox schema to plain JSON Schema for OpenAPI 3.1 (shared by every surface). */
/** JSON body parsing with prototype-poisoning detection. */
export {
  type AuthenticationRequest,
  type Authenticator,
  findPoisonedKey,
  isOriginAllowed,
  parseOrigins,
  readBearerToken,
  staticTokens,
  toJsonSchema,
} from '@opwire/core/surface';
export type { Answer, PlainAnswer } from './answer.js';
/** Derives the coercion of path and query strings to a request schema's field types. */
export { compileParameterCoercer, type ParameterCoercer } from './coerce-parameters.js';
/** Cross-origin resource sharing from one allow-list of origins. */
export type { CorsOptions } from './cors.js';
/** The server-independent router behind both servers. */
export { createDispatcher, type Dispatcher, type RouteInfo } from './create-dispatcher.js';
/** The Web-standard `(Request) => Promise<Response>` handler. */
export { createFetchHandler, type FetchHandler, type FetchRequestInfo } from './create-fetch-handler.js';
/** The `node:http` server with graceful shutdown. */
export { createHttpServer, type HttpServer, type ListenOptions } from './create-http-server.js';
/** The default route of an operation and its overrides. */
export { deriveRoute, type RouteSpec } from './derive-route.js';
/** Readiness checks behind `GET /health/ready`: items, their states, one probe of all. */
export {
  checkReadiness,
  type HealthCheck,
  type HealthItem,
  type HealthState,
  type Readiness,
} from './health.js';
/** Probes health items at startup and on a timer; `/health/ready` answers from the last probe. */
export { createHealthMonitor, type HealthMonitor, type HealthMonitorOptions } from './health-monitor.js';
/** The codes the HTTP surface raises before the pipeline. */
export { type HttpErrorCode, httpErrors } from './http-errors.js';
/** Server options, custom routes and the exchange both servers adapt to. */
export type {
  CustomRoute,
  CustomRouteInput,
  HttpExchange,
  HttpOptions,
  OpenApiInfo,
  OpenApiOptions,
  OperationRoute,
  OperationRouteRequest,
  RefusedRequest,
} from './http-options.js';
/** JWT bearer authentication with `jose`. */
export { type JwtAuthenticatorOptions, jwtAuthenticator } from './jwt-authenticator.js';
/** The OpenAPI 3.1 document. */
export { createOpenApiDocument, type OpenApiDocument, type OpenApiInput } from './openapi.js';
export { parseJsonBody } from './parse-json-body.js';
/** RFC 9457 problem documents. */
export { type ProblemJson, problemAnswer, problemType, toProblemJson } from './problem-json.js';
/** Where a well-known document about a resource is served (RFC 9728), outside the prefix. */
export { wellKnownPath } from './route-prefix.js';
/** The node server's timeouts and connection cap. */
export type { ServerLimits } from './server-limits.js';
/** The one table from error kind to HTTP status. */
export { statusOf, statusTable } from './status-table.js';
