import { type Context, context as otelContext, type Span, trace } from '@opentelemetry/api';
import { compileAdmission } from './compile-admission.js';
import { compileCall } from './compile-call.js';
import { compileFailure } from './compile-failure.js';
import { compileImmediateCall } from './compile-immediate-call.js';
import { compileStream } from './compile-stream.js';
import type { OpwireError } from './errors/opwire-error.js';
import { hasImmediate, type ImmediateAuditLog, type ImmediateTransactions } from './immediate.js';
import type { Invocation } from './invocation.js';
import { isPromise } from './is-promise.js';
import type { Logger } from './logger.js';
import type { AnyMiddleware } from './middleware.js';
import type { AnyOperation } from './operation.js';
import { recordOperation } from './operation-metrics.js';
import type { AuditLog } from './ports/audit-log.js';
import type { TransactionManager } from './ports/transaction-manager.js';
import { spanParent } from './telemetry.js';
import { tracingEnabled } from './tracing-enabled.js';

/** What a compiled pipeline needs from the app. */
export interface PipelineDependencies {
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  /** Every middleware of the operation: the app's that apply to it, then its own. */
  readonly middleware: readonly AnyMiddleware[];
  readonly logger: Logger;
  /** Holds a raised error to what the app declared (see `createRaisedCheck`). */
  readonly raised?: (error: OpwireError) => OpwireError;
}

/**
 * One operation's pipeline, compiled once at startup: admission (cancelled? authenticated? valid?
 * permitted?) → the call, or the stream → the failure path. It returns the checked response itself
 * when every step completed synchronously (possible only on core's in-memory adapters), otherwise a
 * promise of it; failures always arrive as a rejected promise.
 */
export type CompiledPipeline = (input: unknown, invocation: Invocation) => unknown;

const tracer = trace.getTracer('@opwire/core');

/** Compiles an operation's pipeline into closures so an invocation does no per-call setup. */
export function compilePipeline(
  operation: AnyOperation,
  dependencies: PipelineDependencies,
): CompiledPipeline {
  const { transactions, audit, logger } = dependencies;
  const middleware = dependencies.middleware;
  const admit = compileAdmission(operation);
  const fail = compileFailure(operation, dependencies);
  const streams = operation.stream === true;
  const stream = streams
    ? compileStream(operation, {
        audit,
        logger,
        middleware,
        ...(dependencies.raised ? { raised: dependencies.raised } : {}),
      })
    : undefined;
  const call =
    !streams && middleware.length === 0 && hasImmediate(transactions) && hasImmediate(audit)
      ? compileImmediateCall(operation, {
          transactions: transactions as unknown as ImmediateTransactions,
          audit: audit as unknown as ImmediateAuditLog,
        })
      : compileCall(operation, { transactions, audit, middleware });

  /** Ends the span of a call that succeeded (a stream's span ends with the stream). */
  const succeed = (invocation: Invocation, span: Span | undefined, value: unknown) => {
    if (streams) return value;
    invocation.end();
    if (span) {
      span.setAttribute('opwire.outcome', 'ok');
      span.end();
    }
    recordOperation(invocation, 'ok');
    return value;
  };

  /** Ends a call that failed (a stream that failed before its first event included). */
  const failed = (invocation: Invocation, thrown: unknown, span: Span | undefined) => {
    invocation.end();
    return fail(invocation, thrown, span);
  };

  const start = (input: unknown, invocation: Invocation, span: Span | undefined, parent?: Context) => {
    let pending: unknown;
    try {
      admit(input, invocation);
      invocation.input = input;
      const run = stream ? () => stream(invocation, span) : () => call(invocation);
      // An unsampled span is made active too: what the call traces inherits its decision instead of
      // starting traces of its own.
      pending = span && parent ? otelContext.with(trace.setSpan(parent, span), run) : run();
    } catch (thrown) {
      return failed(invocation, thrown, span);
    }
    if (!isPromise(pending)) return succeed(invocation, span, pending);
    return pending.then(
      (value) => succeed(invocation, span, value),
      (thrown: unknown) => failed(invocation, thrown, span),
    );
  };

  return (input, invocation) => {
    if (!tracingEnabled()) {
      // No SDK: spans would be no-ops, so just carry the caller's trace context (audit and nested calls keep it).
      invocation.trace = invocation.parentTrace;
      return start(input, invocation, undefined);
    }
    const parent = spanParent(otelContext.active(), invocation.parentTrace);
    const span = tracer.startSpan(
      operation.id,
      { attributes: { 'opwire.operation.id': operation.id, 'opwire.origin': invocation.origin.surface } },
      parent,
    );
    invocation.trace = span.spanContext();
    return start(input, invocation, span, parent);
  };
}
