import { type AnyErrorEntry, type AnyOperation, coreErrors } from '@opwire/core';
import { httpErrors } from './http-errors.js';
import { statusOf } from './status-table.js';

const validationErrors: readonly AnyErrorEntry[] = [
  coreErrors.INVALID_REQUEST,
  coreErrors.MISSING_FIELD,
  coreErrors.WRONG_TYPE,
  coreErrors.NULL_NOT_ALLOWED,
  coreErrors.INVALID_ENUM,
  coreErrors.UNKNOWN_FIELD,
  coreErrors.OUT_OF_RANGE,
  coreErrors.INVALID_FORMAT,
  coreErrors.NUL_CHARACTER,
  coreErrors.INVALID_UNICODE,
];
const bodyErrors: readonly AnyErrorEntry[] = [
  httpErrors.MALFORMED_JSON,
  httpErrors.PROTOTYPE_POISONING,
  httpErrors.UNSUPPORTED_MEDIA_TYPE,
  httpErrors.UNSUPPORTED_CHARSET,
  httpErrors.UNSUPPORTED_CONTENT_ENCODING,
  httpErrors.PAYLOAD_TOO_LARGE,
];

const queryErrors: readonly AnyErrorEntry[] = [httpErrors.PROTOTYPE_POISONING, httpErrors.MALFORMED_QUERY];

/** What an operation's route can fail with besides its own declared codes. */
export interface ErrorCodeContext {
  readonly hasBody: boolean;
  readonly authenticates: boolean;
  readonly hasDeadline: boolean;
  /** The route answers in server-sent events, so a request whose `Accept` refuses them is `NOT_ACCEPTABLE`. */
  readonly eventStream?: boolean;
  /** The codes the operation and its middleware declare (`app.errorsOf(operation)`). */
  readonly declared: readonly AnyErrorEntry[];
  /**
   * The route's path has parameters (`/orders/{id}`): a request whose segment there cannot be decoded
   * (`/orders/%ff`) is `MALFORMED_PATH`.
   */
  readonly pathParameters?: boolean;
}

/** Every code an operation's route can answer with, grouped by HTTP status (as strings, sorted). */
export function errorCodesByStatus(
  operation: AnyOperation,
  context: ErrorCodeContext,
): Map<string, AnyErrorEntry[]> {
  return groupByStatus([
    ...validationErrors,
    ...(context.pathParameters ? [httpErrors.MALFORMED_PATH] : []),
    // A route that reads a body reads no query: a parameter sent anyway is refused, not ignored.
    ...(context.hasBody ? [...bodyErrors, httpErrors.UNEXPECTED_QUERY] : queryErrors),
    ...(context.eventStream ? [httpErrors.NOT_ACCEPTABLE] : []),
    coreErrors.UNAUTHENTICATED,
    ...(operation.permission ? [coreErrors.PERMISSION_DENIED] : []),
    ...(context.authenticates ? [coreErrors.UNAVAILABLE] : []),
    ...(context.hasDeadline ? [coreErrors.DEADLINE_EXCEEDED] : []),
    // A write can break a unique or foreign-key constraint, which a PostgreSQL transaction answers `CONFLICT`.
    ...(operation.writes ? [coreErrors.CONFLICT] : []),
    ...context.declared,
    coreErrors.INTERNAL,
  ]);
}

/** Every code a hand-written route can answer with: the HTTP checks before it, then what it declares. */
export function customRouteCodesByStatus(
  route: { readonly public?: boolean | undefined; readonly errors?: readonly AnyErrorEntry[] | undefined },
  context: Omit<ErrorCodeContext, 'declared' | 'hasDeadline'> & {
    /** The route describes query parameters, so it reads the query: one that cannot be decoded is refused. */
    readonly readsQuery?: boolean;
  },
): Map<string, AnyErrorEntry[]> {
  return groupByStatus([
    ...(context.pathParameters ? [httpErrors.MALFORMED_PATH] : []),
    ...(context.hasBody ? bodyErrors : []),
    ...(context.readsQuery ? [httpErrors.MALFORMED_QUERY] : []),
    ...(route.public ? [] : [coreErrors.UNAUTHENTICATED]),
    ...(context.authenticates ? [coreErrors.UNAVAILABLE] : []),
    ...(route.errors ?? []),
    coreErrors.INTERNAL,
  ]);
}

/**
 * Groups codes by status. `cancelled` (499 on the wire, nginx's non-standard "client closed request") is
 * left out: it is written only to a client that has already gone, so no client ever reads it.
 */
function groupByStatus(entries: readonly AnyErrorEntry[]): Map<string, AnyErrorEntry[]> {
  const byStatus = new Map<string, AnyErrorEntry[]>();
  for (const entry of new Set(entries)) {
    if (entry.kind === 'cancelled') continue;
    const status = String(statusOf(entry));
    const grouped = byStatus.get(status) ?? [];
    if (!grouped.some((known) => known.code === entry.code)) grouped.push(entry);
    byStatus.set(status, grouped);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
