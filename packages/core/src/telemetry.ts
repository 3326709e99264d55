import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  TraceFlags,
  trace,
} from '@opentelemetry/api';

const traceparentPattern = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** Parses a W3C `traceparent` header into a remote span context, or `undefined` when malformed. */
export function parseTraceparent(header: string | undefined | null): SpanContext | undefined {
  const match = header ? traceparentPattern.exec(header.trim().toLowerCase()) : null;
  if (!match) return undefined;
  const context: SpanContext = {
    traceId: match[1] as string,
    spanId: match[2] as string,
    traceFlags: Number.parseInt(match[3] as string, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  return isSpanContextValid(context) ? context : undefined;
}

/**
 * The remote parent span context of a request, read from its headers by the registered propagator
 * (`propagation.extract`: W3C trace context, B3, a composite, whatever the app set up), or from a W3C
 * `traceparent` when no propagator is registered. `undefined` when the headers carry none or a malformed one.
 */
export function extractTrace(headers: Readonly<Record<string, string | undefined>>): SpanContext | undefined {
  // The API's no-op propagator, in place until an app registers one, names no fields.
  if (propagation.fields().length === 0) return parseTraceparent(headers.traceparent);
  const extracted = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, headers));
  return extracted !== undefined && isSpanContextValid(extracted) ? extracted : undefined;
}

/** Formats a span context as a W3C `traceparent` header. */
export function formatTraceparent(context: SpanContext): string {
  return `00-${context.traceId}-${context.spanId}-0${context.traceFlags & TraceFlags.SAMPLED}`;
}

/**
 * The context an operation's span starts in. An incoming remote parent (a `traceparent`) is used unless the
 * active context already holds a span of that same trace: that span (an HTTP instrumentation's server span,
 * itself a child of the remote parent) is the nearer ancestor, so the operation span becomes its child.
 */
export function spanParent(active: Context, incoming: SpanContext | undefined): Context {
  if (incoming === undefined) return active;
  const current = trace.getSpanContext(active);
  if (current !== undefined && isSpanContextValid(current) && current.traceId === incoming.traceId)
    return active;
  return trace.setSpanContext(active, incoming);
}

/** Runs `work` with `span` active (as it is outside when there is none), so what it traces nests under the span. */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  return span === undefined ? work() : context.with(trace.setSpan(context.active(), span), work);
}
