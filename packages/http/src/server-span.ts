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
import { extractTrace } from '@opwire/core';
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
    const status = answer.status;
    this.span.setAttribute('http.response.status_code', status);
    if (status >= 500) {
      this.span.setAttribute('error.type', String(status));
      this.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    this.span.end();
    this.inner.respond(answer);
  }
}
