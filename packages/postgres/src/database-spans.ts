import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracingEnabled } from '@opwire/core';
import { describeStatement } from './describe-statement.js';
import type { Driver, Session, SessionResult } from './driver.js';

const tracer = trace.getTracer('@opwire/postgres');

/** Where a database is, as the spans name it. */
export interface DatabaseTarget {
  readonly database: string;
  /** The schema first on the search path; `public` when none is set. */
  readonly schema: string | undefined;
  /** A server's host and port; absent for PGlite, which runs in this process. */
  readonly address?: string;
  readonly port?: number;
}

/** The attributes every span of one database carries (`db.system.name`, `db.namespace`, server address). */
export function databaseAttributes(target: DatabaseTarget): Attributes {
  return {
    'db.system.name': 'postgresql',
    'db.namespace': `${target.database}.${target.schema ?? 'public'}`,
    ...(target.address === undefined ? {} : { 'server.address': target.address }),
    ...(target.port === undefined ? {} : { 'server.port': target.port }),
  };
}

/**
 * Wraps a driver so each statement is a CLIENT span under the active one, named and described by the
 * OpenTelemetry database conventions; parameter values are never recorded. Without a registered SDK the
 * statements run as they are, with no span work at all; nor when `tracedElsewhere()` says the driver's
 * own client already makes a span of each statement (`@opentelemetry/instrumentation-pg`).
 */
export function traceDriver(
  driver: Omit<Driver, 'attributes'>,
  attributes: Attributes,
  tracedElsewhere: () => boolean = () => false,
): Driver {
  const traced = (session: Session): Session => ({
    query: (sql, params) =>
      tracingEnabled() && !tracedElsewhere()
        ? inStatementSpan(session, attributes, sql, params)
        : session.query(sql, params),
    cancel: () => session.cancel(),
    discard: () => session.discard(),
  });
  return {
    kind: driver.kind,
    attributes,
    withSession: (work) => driver.withSession((session) => work(traced(session))),
    later: (work) => driver.later((session) => work(traced(session))),
    close: () => driver.close(),
  };
}

/**
 * Runs a transaction (waiting for its connection included) inside a `db.transaction` span, so its
 * statements are the span's children; the span records whether it committed or rolled back.
 */
export function inTransactionSpan<T>(
  attributes: Attributes,
  readOnly: boolean,
  run: () => Promise<T>,
): Promise<T> {
  if (!tracingEnabled()) return run();
  const span = tracer.startSpan('db.transaction', {
    kind: SpanKind.INTERNAL,
    attributes: { ...attributes, 'opwire.transaction.read_only': readOnly },
  });
  return context.with(trace.setSpan(context.active(), span), run).then(
    (value) => {
      span.setAttribute('opwire.transaction.outcome', 'committed');
      span.end();
      return value;
    },
    (error: unknown) => {
      span.setAttribute('opwire.transaction.outcome', 'rolled back');
      recordFailure(span, error);
      span.end();
      throw error;
    },
  );
}

async function inStatementSpan<Row>(
  session: Session,
  attributes: Attributes,
  sql: string,
  params: readonly unknown[] | undefined,
): Promise<SessionResult<Row>> {
  const statement = describeStatement(sql, params !== undefined && params.length > 0);
  const spanAttributes: Attributes = { ...attributes, 'db.query.text': statement.text };
  if (statement.operation) spanAttributes['db.operation.name'] = statement.operation;
  if (statement.collection) spanAttributes['db.collection.name'] = statement.collection;
  const target = statement.collection ?? attributes['db.namespace'];
  const span = tracer.startSpan(statement.operation ? `${statement.operation} ${target}` : 'postgresql', {
    kind: SpanKind.CLIENT,
    attributes: spanAttributes,
  });
  try {
    return await session.query<Row>(sql, params);
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.end();
  }
}

const sqlState = /^[0-9A-Z]{5}$/;

/** Marks a span failed: `error.type` is the SQLSTATE (also `db.response.status_code`) or the error's code or name. */
function recordFailure(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const state = typeof code === 'string' && sqlState.test(code) ? code : undefined;
  if (state) span.setAttribute('db.response.status_code', state);
  const type = state ?? (typeof code === 'string' ? code : (error as Error | null)?.name) ?? '_OTHER';
  span.setAttribute('error.type', type);
  // No message: a server's can quote a value (`invalid input syntax for type integer: "4711"`), an Opwire
  // error's names its params (`The requested pin-4711 was not found.`), and a handler's own error may say
  // anything. `error.type` says what failed; the values stay out of the span.
  span.setStatus({ code: SpanStatusCode.ERROR });
}
