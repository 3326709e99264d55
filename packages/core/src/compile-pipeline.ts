import { type Context, context as otelContext, type Span, trace } from '@opentelemetry/api';
import { Compile } from 'typebox/compile';
import { abortError, neverAborted } from './abort.js';
import { auditRecord } from './audit-record.js';
import { compileAdmission } from './compile-admission.js';
import { compileFailure } from './compile-failure.js';
import { OpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import { isPromise } from './is-promise.js';
import type { Logger } from './logger.js';
import type { AnyOperation } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';
import type { Transaction, TransactionManager } from './ports/transaction-manager.js';
import type { Stage } from './stage.js';
import { spanParent } from './telemetry.js';
import { tracingEnabled } from './tracing-enabled.js';
import { admitsAnyValue } from './validation/admits-any-value.js';
import { closeSchema } from './validation/close-schema.js';

/** What a compiled pipeline needs from the runtime. */
export interface PipelineDependencies {
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  readonly stages: readonly Stage[];
  readonly logger: Logger;
}

/**
 * One operation's pipeline, compiled once at startup: validate → authorize → stages → transaction
 * → audit → handle. It returns the checked response itself when every step completed
 * synchronously (a synchronous handler on adapters that need no I/O), otherwise a promise of it;
 * failures always arrive as a rejected promise.
 */
export type CompiledPipeline = (input: unknown, invocation: Invocation) => unknown;

const tracer = trace.getTracer('@opwire/core');

/** Runs `next` with a value, or once the promise of it resolves. */
function after(value: unknown, next: (value: unknown) => unknown): unknown {
  return isPromise(value) ? value.then(next) : next(value);
}

/** Compiles an operation's pipeline into closures so an invocation does no per-call setup. */
export function compilePipeline(
  operation: AnyOperation,
  dependencies: PipelineDependencies,
): CompiledPipeline {
  const { transactions, audit } = dependencies;
  const responseCheck = Compile(closeSchema(operation.response));
  // Only a schema with an open value (Type.Any) can pass a response JSON cannot carry.
  const mustTrySerializing = admitsAnyValue(operation.response);
  const transactionOptions = { readOnly: !operation.writes };

  // Each layer passes on either a value or a promise and waits only for a promise: a synchronous
  // handler on synchronous adapters completes without a promise or a microtask. A layer that
  // completes synchronously may throw; the entry (`start`) turns every failure into a rejection.
  // The checked response waits in `invocation.result`, so layers pass the audit's outcome on
  // instead of wrapping it.
  const checked = (invocation: Invocation, value: unknown, transaction: Transaction | undefined) => {
    if (invocation.signal.aborted) throw abortError(invocation.signal);
    if (!responseCheck.Check(value)) {
      throw new OpwireError('INTERNAL', {
        cause: new Error(`operation "${operation.id}" returned a response that does not match its schema`),
      });
    }
    // Before the commit: a write whose response cannot be sent (a BigInt, a cycle) rolls back.
    if (mustTrySerializing) JSON.stringify(value);
    invocation.result = value;
    if (!transaction || !operation.writes) return value;
    return audit.append(auditRecord(invocation, 'ok'), transaction) ?? value;
  };

  const handleAndCheck = (invocation: Invocation, input: unknown, transaction: Transaction | undefined) => {
    invocation.transaction = transaction;
    const returned = operation.handle(input, invocation);
    return isPromise(returned)
      ? returned.then((value) => checked(invocation, value, transaction))
      : checked(invocation, returned, transaction);
  };

  const auditOutside = (invocation: Invocation) => {
    const appended = audit.append(auditRecord(invocation, 'ok'));
    return appended ? appended.then(() => markAudited(invocation)) : markAudited(invocation);
  };

  const executeWithoutTransaction = (invocation: Invocation, input: unknown) =>
    after(handleAndCheck(invocation, input, undefined), () => auditOutside(invocation));

  // With no stages nothing runs between this layer and `start`, which marks the invocation audited.
  const hasStages = dependencies.stages.length > 0;
  const executeInTransaction = (invocation: Invocation, input: unknown): unknown => {
    const done = invocation.parentTransaction
      ? handleAndCheck(invocation, input, invocation.parentTransaction)
      : transactions.run(
          (transaction) => handleAndCheck(invocation, input, transaction),
          invocation.signal === neverAborted
            ? transactionOptions
            : { readOnly: transactionOptions.readOnly, signal: invocation.signal },
        );
    if (!operation.writes) return after(done, () => auditOutside(invocation));
    return hasStages ? after(done, () => markAudited(invocation)) : done;
  };

  const throughStages = dependencies.stages.reduceRight<(invocation: Invocation, input: unknown) => unknown>(
    (next, stage) => (invocation, input) =>
      stage.run({ input, context: invocation }, () => {
        try {
          return Promise.resolve(next(invocation, input));
        } catch (thrown) {
          return Promise.reject(thrown);
        }
      }),
    operation.transaction === false ? executeWithoutTransaction : executeInTransaction,
  );

  /**
   * What the stages answered: checked against the response schema like a handler's response, and,
   * when they answered on their own (the handler never ran, as for a replayed idempotent call),
   * audited here, since no layer below wrote a record.
   */
  const stagesAnswer = (invocation: Invocation, value: unknown) => {
    if (!responseCheck.Check(value)) {
      throw new OpwireError('INTERNAL', {
        cause: new Error(
          `a stage of "${operation.id}" answered with a response that does not match its schema`,
        ),
      });
    }
    if (invocation.audited) return value;
    invocation.result = value;
    const appended = audit.append(auditRecord(invocation, 'ok'));
    return appended ? appended.then(() => markAudited(invocation)) : markAudited(invocation);
  };
  const staged = hasStages
    ? (invocation: Invocation, input: unknown) =>
        after(throughStages(invocation, input), (value) => stagesAnswer(invocation, value))
    : throughStages;

  const admit = compileAdmission(operation);

  const fail = compileFailure(operation, dependencies);

  /** Marks a completed invocation audited, ends its span, and gives back its checked response. */
  const succeed = (invocation: Invocation, span: Span | undefined, value: unknown) => {
    invocation.audited = true;
    if (span) {
      span.setAttribute('opwire.outcome', 'ok');
      span.end();
    }
    // A stage may answer on its own; without stages the value is the checked response.
    return hasStages ? value : invocation.result;
  };

  const start = (input: unknown, invocation: Invocation, span: Span | undefined, parent?: Context) => {
    let pending: unknown;
    try {
      admit(input, invocation);
      pending =
        span && parent && span.isRecording()
          ? otelContext.with(trace.setSpan(parent, span), () => staged(invocation, input))
          : staged(invocation, input);
    } catch (thrown) {
      return fail(invocation, thrown, span);
    }
    if (!isPromise(pending)) return succeed(invocation, span, pending);
    return pending.then(
      (value) => succeed(invocation, span, value),
      (thrown: unknown) => fail(invocation, thrown, span),
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

/** Marks the success record written and hands the checked response to the stage that awaits it. */
function markAudited(invocation: Invocation): unknown {
  invocation.audited = true;
  return invocation.result;
}
