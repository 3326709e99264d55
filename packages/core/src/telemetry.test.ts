import { ROOT_CONTEXT, type SpanContext, TraceFlags, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { formatTraceparent, parseTraceparent, spanParent } from './telemetry.js';

describe('traceparent', () => {
  it('round-trips a valid header', () => {
    const header = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(formatTraceparent(parseTraceparent(header)!)).toBe(header);
  });

  it.each([
    '',
    'garbage',
    '00-00000000000000000000000000000000-b7ad6b7169203331-01',
    '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331',
  ])('ignores %j', (header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });
});

describe('the parent of an operation span', () => {
  const remote = parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')!;
  const serverSpan: SpanContext = {
    traceId: remote.traceId,
    spanId: '00f067aa0ba902b7',
    traceFlags: TraceFlags.SAMPLED,
  };
  const otherTrace: SpanContext = { ...serverSpan, traceId: '4bf92f3577b34da6a3ce929d0e0e4736' };
  const parentOf = (context: ReturnType<typeof spanParent>) => trace.getSpanContext(context)?.spanId;

  it('is the active span when it belongs to the incoming trace (an HTTP instrumentation continued it)', () => {
    expect(parentOf(spanParent(trace.setSpanContext(ROOT_CONTEXT, serverSpan), remote))).toBe(
      serverSpan.spanId,
    );
  });

  it('is the incoming remote parent when the active span is of another trace, or there is none', () => {
    expect(parentOf(spanParent(trace.setSpanContext(ROOT_CONTEXT, otherTrace), remote))).toBe(remote.spanId);
    expect(parentOf(spanParent(ROOT_CONTEXT, remote))).toBe(remote.spanId);
  });

  it('is the active span when nothing came in', () => {
    expect(parentOf(spanParent(trace.setSpanContext(ROOT_CONTEXT, otherTrace), undefined))).toBe(
      otherTrace.spanId,
    );
    expect(parentOf(spanParent(ROOT_CONTEXT, undefined))).toBeUndefined();
  });
});
