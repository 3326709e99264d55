import {
  propagation,
  ROOT_CONTEXT,
  type SpanContext,
  type TextMapPropagator,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { invokeOptionsFrom } from './surface/invoke-options.js';
import { extractTrace, formatTraceparent, parseTraceparent, spanParent } from './telemetry.js';

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

/** B3's single header (`b3: {traceId}-{spanId}-{sampled}`), written out so the test needs no B3 package. */
const b3Propagator: TextMapPropagator = {
  inject: () => undefined,
  extract(context, carrier, getter) {
    const [traceId, spanId, sampled] = String(getter.get(carrier, 'b3') ?? '').split('-');
    if (!traceId || !spanId) return context;
    const flags = sampled === '1' ? TraceFlags.SAMPLED : TraceFlags.NONE;
    return trace.setSpanContext(context, { traceId, spanId, traceFlags: flags, isRemote: true });
  },
  fields: () => ['b3'],
};

describe('the trace parent of a request', () => {
  afterEach(() => propagation.disable());
  const w3c = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  const b3 = '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1';

  it('is read by the registered propagator, and only by it', () => {
    propagation.setGlobalPropagator(b3Propagator);
    expect(extractTrace({ b3, traceparent: w3c })).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    // A `traceparent` the app's propagator does not read is not a parent.
    expect(extractTrace({ traceparent: w3c })).toBeUndefined();
    expect(extractTrace({ b3: '0-0-1' })).toBeUndefined();
    expect(invokeOptionsFrom({ surface: 'http', caller: undefined, headers: { b3 } }).trace?.traceId).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
  });

  it('is a W3C traceparent when no propagator is registered', () => {
    expect(extractTrace({ traceparent: w3c, b3 })).toEqual(parseTraceparent(w3c));
    expect(extractTrace({ traceparent: 'garbage' })).toBeUndefined();
    expect(
      invokeOptionsFrom({ surface: 'http', caller: undefined, headers: { traceparent: w3c } }).trace,
    ).toEqual(parseTraceparent(w3c));
  });
});
