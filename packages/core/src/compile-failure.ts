import { type Span, SpanStatusCode } from '@opentelemetry/api';
import { abortError } from './abort.js';
import { auditRecord } from './audit-record.js';
import { isOpwireError, toOpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import type { Logger } from './logger.js';
import type { AnyOperation } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';

/**
 * Compiles an operation's failure path: turns what was thrown into an `OpwireError` (an aborted
 * call into `CANCELLED` or `DEADLINE_EXCEEDED`), logs an `INTERNAL` one, audits it unless the
 * invocation was already audited, ends the span, and rejects with the error.
 */
export function compileFailure(
  operation: AnyOperation,
  dependencies: { readonly audit: AuditLog; readonly logger: Logger },
): (invocation: Invocation, thrown: unknown, span: Span | undefined) => Promise<never> {
  const { audit, logger } = dependencies;
  return async (invocation, thrown, span) => {
    try {
      const error =
        invocation.signal.aborted && !isOpwireError(thrown)
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
        try {
          await audit.append(auditRecord(invocation, 'error', error.code));
        } catch (auditError) {
          logger.error('audit append failed', { operationId: operation.id, error: auditError });
        }
      }
      throw error;
    } finally {
      span?.end();
    }
  };
}
