import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { extractTrace, tracingEnabled } from '@opwire/core';
import type { Answer } from './answer.js';
import { ForwardingExchange } from './forwarding-exchange.js';
import type { HttpExchange } from './http-options.js';

const tracer = trace.getTracer('@opwire/http');
const knownMethods = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** Whether a span of this process is already active: an instrumentation (instrumentation-http) opened one. */
export function serverSpanActive(): boolean {
  const active = trace.getSpanContext(context.active());
  return active !== undefined && !active.isRemote && isSpanContextValid(active);
}

/**
 * Opens the request's SERVER span — its parent read from the headers by the registered propagator (a W3C
 * `traceparent` when none is) — and routes the exchange with that span active. The span, named `METHOD`
 * until the dispatcher names the route, ends when the answer is sent (for a stream: when it starts).
 */
export function dispatchInServerSpan(exchange: HttpExchange, route: (exchange: HttpExchange) => void): void {
  const parent = parentOf(exchange.headers);
  const method = knownMethods.has(exchange.method) ? exchange.method : '_OTHER';
  const attributes: Attributes = {
    'http.request.method': method,
    'url.path': exchange.url.split('?', 1)[0] ?? '/',
    'url.scheme': exchange.scheme ?? 'http',
  };
  if (method === '_OTHER') attributes['http.request.method_original'] = exchange.method;
  const span = tracer.startSpan(
    method === '_OTHER' ? 'HTTP' : method,
    { kind: SpanKind.SERVER, attributes },
    parent,
  );
  const active = trace.setSpan(parent, span);
  context.with(active, route, undefined, new ServerSpanExchange(exchange, span, active));
}

/** What can be read of a request refused before the dispatcher saw it; `undefined` where Node never read it. */
export interface RefusedRequest {
  readonly method: string | undefined;
  /** The request target's path, without the query. */
  readonly path: string | undefined;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** `http` or `https`. */
  readonly scheme: string;
}

/**
 * Records a request Node answered before any route (400, 408, 431, 417) as a SERVER span of its own, named and
 * given attributes as an unmatched route's span, ended at once with the answer's status. Nothing without an SDK.
 */
export function traceRefusal(request: RefusedRequest, status: number): void {
  if (!tracingEnabled() || serverSpanActive()) return;
  const given = request.method;
  const method = given !== undefined && knownMethods.has(given) ? given : '_OTHER';
  const attributes: Attributes = { 'http.request.method': method, 'url.scheme': request.scheme };
  if (given !== undefined && method === '_OTHER') attributes['http.request.method_original'] = given;
  if (request.path !== undefined) attributes['url.path'] = request.path;
  const span = tracer.startSpan(
    method === '_OTHER' ? 'HTTP' : method,
    { kind: SpanKind.SERVER, attributes },
    parentOf(request.headers),
  );
  endWithStatus(span, status);
}

/** Ends a server span with the answer's status: `error.type` and an error status for a 5xx only. */
function endWithStatus(span: Span, status: number): void {
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) {
    span.setAttribute('error.type', String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

function parentOf(headers: Readonly<Record<string, string | undefined>>): Context {
  const extracted = propagation.extract(context.active(), headers);
  if (trace.getSpanContext(extracted) !== undefined) return extracted;
  // Only without a registered propagator is a `traceparent` read here; a registered one has had its say.
  const incoming = extractTrace(headers);
  return incoming === undefined ? extracted : trace.setSpanContext(extracted, incoming);
}

/** An exchange that reads its body in the span's context and ends the span with the answer's status. */
class ServerSpanExchange extends ForwardingExchange {
  constructor(
    inner: HttpExchange,
    private readonly span: Span,
    private readonly active: Context,
  ) {
    super(inner);
  }

  override readBody(limit: number, done: (text: string) => void, failed: (error: Error) => void): void {
    // Node hands the body over in the socket's own events, outside this request's context.
    this.inner.readBody(limit, context.bind(this.active, done), context.bind(this.active, failed));
  }

  override respond(answer: Answer): void {
    endWithStatus(this.span, answer.status);
    this.inner.respond(answer);
  }
}
