import {
  type Context,
  isSpanContextValid,
  context as otelContext,
  type Span,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { Compile } from 'typebox/compile';
import { hasPermission } from './caller.js';
import { OpwireError, toOpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import type { Logger } from './logger.js';
import type { AnyOperation } from './operation.js';
import type { AuditLog, AuditRecord } from './ports/audit-log.js';
import type { Transaction, TransactionManager } from './ports/transaction-manager.js';
import type { Stage } from './stage.js';
import { tracingEnabled } from './tracing-enabled.js';
import { closeSchema } from './validation/close-schema.js';
import { compileValidator } from './validation/compile-validator.js';

/** What a compiled pipeline needs from the runtime. */
export interface PipelineDependencies {
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  readonly stages: readonly Stage[];
  readonly logger: Logger;
}

/** One operation's pipeline, compiled once at startup: validate → authorize → stages → transaction → audit → handle. */
export type CompiledPipeline = (input: unknown, invocation: Invocation) => Promise<unknown>;

const tracer = trace.getTracer('@opwire/core');

/** Compiles an operation's pipeline into closures so an invocation does no per-call setup. */
export function compilePipeline(
  operation: AnyOperation,
  dependencies: PipelineDependencies,
): CompiledPipeline {
  const { transactions, audit, logger } = dependencies;
  const validateRequest = compileValidator(closeSchema(operation.request));
  const responseCheck = Compile(closeSchema(operation.response));
  const transactionOptions = { readOnly: !operation.writes };

  const handleAndCheck = async (
    invocation: Invocation,
    input: unknown,
    transaction: Transaction | undefined,
  ) => {
    invocation.transaction = transaction;
    const returned = operation.handle(input, invocation);
    const value = returned instanceof Promise ? await returned : returned;
    if (invocation.signal.aborted) throw abortError(invocation.signal);
    if (!responseCheck.Check(value)) {
      throw new OpwireError('INTERNAL', {
        cause: new Error(`operation "${operation.id}" returned a response that does not match its schema`),
      });
    }
    if (transaction && operation.writes) await audit.append(record(invocation, 'ok'), transaction);
    return value;
  };

  const executeWithoutTransaction = async (invocation: Invocation, input: unknown) => {
    const value = await handleAndCheck(invocation, input, undefined);
    await audit.append(record(invocation, 'ok'));
    invocation.audited = true;
    return value;
  };

  const executeInTransaction = async (invocation: Invocation, input: unknown) => {
    const value = invocation.parentTransaction
      ? await handleAndCheck(invocation, input, invocation.parentTransaction)
      : await transactions.run(
          (transaction) => handleAndCheck(invocation, input, transaction),
          invocation.signal === neverAborted
            ? transactionOptions
            : { ...transactionOptions, signal: invocation.signal },
        );
    if (!operation.writes) await audit.append(record(invocation, 'ok'));
    invocation.audited = true;
    return value;
  };

  const staged = dependencies.stages.reduceRight<
    (invocation: Invocation, input: unknown) => Promise<unknown>
  >(
    (next, stage) => (invocation, input) =>
      stage.run({ input, context: invocation }, () => next(invocation, input)),
    operation.transaction === false ? executeWithoutTransaction : executeInTransaction,
  );

  const record = (invocation: Invocation, outcome: 'ok' | 'error', code?: string): AuditRecord =>
    auditRecord(invocation, outcome, code, performance.now() - invocation.startedAt);

  const run = async (
    input: unknown,
    invocation: Invocation,
    span: Span | undefined,
    parent: Context | undefined,
  ) => {
    try {
      if (invocation.signal.aborted) throw abortError(invocation.signal);
      if (!operation.public && !invocation.caller) throw new OpwireError('UNAUTHENTICATED');
      const issues = validateRequest(input);
      if (issues) {
        const [first] = issues as [(typeof issues)[number]];
        throw new OpwireError(first.code, {
          field: first.field,
          params: { expected: first.expected },
          issues,
        });
      }
      if (
        operation.permission &&
        !(invocation.caller && hasPermission(invocation.caller, operation.permission))
      ) {
        throw new OpwireError(invocation.caller ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED', {
          params: { operation: operation.id },
        });
      }
      const value =
        span && parent && span.isRecording()
          ? await otelContext.with(trace.setSpan(parent, span), () => staged(invocation, input))
          : await staged(invocation, input);
      span?.setAttribute('opwire.outcome', 'ok');
      return value;
    } catch (thrown) {
      const error =
        invocation.signal.aborted && !isOpwire(thrown)
          ? abortError(invocation.signal, thrown)
          : toOpwireError(thrown);
      if (error.code === 'INTERNAL') {
        logger.error('operation failed', {
          operationId: operation.id,
          invocationId: invocation.invocationId,
          error: error.cause ?? error,
        });
      }
      span?.setAttributes({ 'opwire.outcome': 'error', 'opwire.error.code': error.code });
      span?.setStatus({ code: SpanStatusCode.ERROR, message: error.code });
      if (!invocation.audited) {
        await audit.append(record(invocation, 'error', error.code)).catch((auditError: unknown) => {
          logger.error('audit append failed', { operationId: operation.id, error: auditError });
        });
      }
      throw error;
    } finally {
      span?.end();
    }
  };

  return (input, invocation) => {
    if (!tracingEnabled()) {
      // No SDK: spans would be no-ops, so just carry the caller's trace context (audit and nested calls keep it).
      invocation.trace = invocation.parentTrace;
      return run(input, invocation, undefined, undefined);
    }
    const parent = invocation.parentTrace
      ? trace.setSpanContext(otelContext.active(), invocation.parentTrace)
      : otelContext.active();
    const span = tracer.startSpan(
      operation.id,
      { attributes: { 'opwire.operation.id': operation.id, 'opwire.origin': invocation.origin.surface } },
      parent,
    );
    invocation.trace = span.spanContext();
    return run(input, invocation, span, parent);
  };
}

/** A signal that never aborts, shared by invocations that have no deadline. */
export const neverAborted: AbortSignal = new AbortController().signal;

function isOpwire(value: unknown): boolean {
  return value instanceof OpwireError;
}

function abortError(signal: AbortSignal, cause?: unknown): OpwireError {
  const reason = signal.reason as { name?: string } | undefined;
  return new OpwireError(reason?.name === 'TimeoutError' ? 'DEADLINE_EXCEEDED' : 'CANCELLED', {
    cause: cause ?? signal.reason,
  });
}

function auditRecord(
  invocation: Invocation,
  outcome: 'ok' | 'error',
  code: string | undefined,
  durationMs: number,
): AuditRecord {
  // One fixed shape (absent fields are undefined) keeps record creation cheap on the hot path.
  const caller = invocation.caller;
  const trace = invocation.trace;
  return {
    id: invocation.invocationId,
    at: isoNow(),
    operationId: invocation.operation.id,
    invocationId: invocation.invocationId,
    parentInvocationId: invocation.parentInvocationId,
    traceId: trace && isSpanContextValid(trace) ? trace.traceId : undefined,
    principalId: caller?.principalId,
    tenant: caller?.tenant,
    origin: invocation.origin.surface,
    outcome,
    code,
    durationMs,
  };
}

let cachedMillisecond = 0;
let cachedIso = '';

/** The current time as ISO 8601, formatted at most once per millisecond. */
function isoNow(): string {
  const now = Date.now();
  if (now !== cachedMillisecond) {
    cachedMillisecond = now;
    cachedIso = new Date(now).toISOString();
  }
  return cachedIso;
}
