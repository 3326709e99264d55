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
  return remoteSpan(propagation.extract(ROOT_CONTEXT, headers));
}

/** What a request's headers carry for telemetry: the remote trace parent and the baggage. */
export interface RemoteContext {
  readonly trace: SpanContext | undefined;
  /** Baggage entries the registered propagator read (W3C `baggage` in a composite); `undefined` when none. */
  readonly baggage: Readonly<Record<string, string>> | undefined;
}

const noRemoteContext: RemoteContext = Object.freeze({ trace: undefined, baggage: undefined });

/**
 * The trace parent (as `extractTrace` reads it) and the baggage of a request, both read by one extraction
 * through the registered propagator. Without a propagator there is no baggage: the OpenTelemetry API reads
 * it only through one (`W3CBaggagePropagator`, alone or in a `CompositePropagator`).
 */
export function extractRemoteContext(headers: Readonly<Record<string, string | undefined>>): RemoteContext {
  if (propagation.fields().length === 0) {
    const parent = parseTraceparent(headers.traceparent);
    return parent === undefined ? noRemoteContext : { trace: parent, baggage: undefined };
  }
  const extracted = propagation.extract(ROOT_CONTEXT, headers);
  const entries = propagation.getBaggage(extracted)?.getAllEntries();
  // `fromEntries` defines each key as an own property, `__proto__` included (a valid baggage key).
  const baggage =
    entries !== undefined && entries.length > 0
      ? Object.fromEntries(entries.map(([key, entry]) => [key, entry.value]))
      : undefined;
  return { trace: remoteSpan(extracted), baggage };
}

function remoteSpan(extracted: Context): SpanContext | undefined {
  const span = trace.getSpanContext(extracted);
  return span !== undefined && isSpanContextValid(span) ? span : undefined;
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
