import { abortError } from './abort.js';
import { auditRecord } from './audit-record.js';
import { compileAdmission } from './compile-admission.js';
import { toOpwireError } from './errors/describe-error.js';
import { isOpwireError, type OpwireError } from './errors/opwire-error.js';
import type { Invocation } from './invocation.js';
import type { AnyOperation } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';
import type { TransactionManager } from './ports/transaction-manager.js';

/**
 * Compiles an operation's precheck: the call's admission (authenticated, valid, permitted), then the
 * operation's `precheck` in a read-only transaction. Neither middleware nor the handler runs. A precheck that
 * passes is not audited (the call that follows is); one that refuses is the call's answer, so it is audited
 * like a refused call (`error` with its code), and the promise rejects with that `OpwireError`.
 */
export function compilePrecheck(
  operation: AnyOperation,
  dependencies: {
    readonly transactions: TransactionManager;
    readonly audit: AuditLog;
    /** Holds a raised error to what the app declared (see `createRaisedCheck`). */
    readonly raised?: (error: OpwireError) => OpwireError;
  },
): (input: unknown, invocation: Invocation) => Promise<void> {
  const raised = dependencies.raised ?? ((error: OpwireError) => error);
  const admit = compileAdmission(operation);
  const precheck = operation.precheck;
  const inTransaction = operation.transaction !== false;

  const check = async (invocation: Invocation) => {
    if (!precheck) return;
    if (!inTransaction) {
      await precheck(invocation.input, invocation);
      return;
    }
    await dependencies.transactions.run(
      async (transaction) => {
        invocation.transaction = transaction;
        await precheck(invocation.input, invocation);
      },
      { readOnly: true, signal: invocation.sourceSignal },
    );
  };

  return async (input, invocation) => {
    invocation.trace = invocation.parentTrace;
    try {
      admit(input, invocation);
      invocation.input = input;
      await check(invocation);
    } catch (thrown) {
      const error = raised(
        invocation.sourceSignal.aborted && !isOpwireError(thrown)
          ? abortError(invocation.sourceSignal, thrown)
          : toOpwireError(thrown),
      );
      if (error.code === 'INTERNAL')
        invocation.logger.error('precheck failed', { error: error.cause ?? error });
      try {
        await dependencies.audit.append(auditRecord(invocation, 'error', error.code));
      } catch (auditError) {
        invocation.logger.error('audit append failed', { error: auditError });
      }
      throw error;
    }
  };
}
