import { isSpanContextValid, type SpanContext, TraceFlags } from '@opentelemetry/api';

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

/** Formats a span context as a W3C `traceparent` header. */
export function formatTraceparent(context: SpanContext): string {
  return `00-${context.traceId}-${context.spanId}-0${context.traceFlags & TraceFlags.SAMPLED}`;
}
