import type { Span } from '@opentelemetry/api';
import { abortError } from './abort.js';
import { auditRecord } from './audit-record.js';
import { toOpwireError } from './errors/describe-error.js';
import { isOpwireError, type OpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import type { Logger } from './logger.js';
import type { AnyOperation } from './operation.js';
import { recordOperation } from './operation-metrics.js';
import type { AuditLog } from './ports/audit-log.js';
import { setFailureStatus } from './span-status.js';
import { withSpan } from './telemetry.js';

/**
 * Compiles an operation's failure path: turns what was thrown into an `OpwireError` (an aborted call
 * into `CANCELLED` or `DEADLINE_EXCEEDED`), logs an `INTERNAL` one, audits it, ends the span, and
 * rejects with the error. A call already audited as a success has committed: what failed after that
 * (an outside middleware after `next()`) is logged, and the caller gets the committed response.
 */
export function compileFailure(
  operation: AnyOperation,
  dependencies: {
    readonly audit: AuditLog;
    readonly logger: Logger;
    /** Holds a raised error to what the app declared (see `createRaisedCheck`). */
    readonly raised?: (error: OpwireError) => OpwireError;
  },
): (invocation: Invocation, thrown: unknown, span: Span | undefined) => Promise<unknown> {
  const { audit } = dependencies;
  const raised = dependencies.raised ?? ((error: OpwireError) => error);
  return async (invocation, thrown, span) => {
    try {
      if (invocation.audited) {
        invocation.logger.error(
          'middleware failed after the call committed; the committed response is returned',
          { error: thrown },
        );
        span?.setAttribute('opwire.outcome', 'ok');
        recordOperation(invocation, 'ok');
        return invocation.result;
      }
      const error = raised(
        invocation.sourceSignal.aborted && !isOpwireError(thrown)
          ? abortError(invocation.sourceSignal, thrown)
          : toOpwireError(thrown),
      );
      if (error.code === 'INTERNAL') {
        invocation.logger.error('operation failed', { error: error.cause ?? error });
      }
      if (span) {
        span.setAttributes({ 'opwire.outcome': 'error', 'opwire.error.code': error.code });
        setFailureStatus(span, error);
      }
      // A stream the caller cancelled before its first event was stopped, like one cancelled later.
      const outcome = operation.stream === true && error.code === 'CANCELLED' ? 'stopped' : 'error';
      recordOperation(invocation, outcome, error.code);
      try {
        await withSpan(span, () => audit.append(auditRecord(invocation, outcome, error.code)));
      } catch (auditError) {
        invocation.logger.error('audit append failed', { error: auditError });
      }
      throw error;
    } finally {
      span?.end();
    }
  };
}
