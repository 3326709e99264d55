import { neverAborted } from './abort.js';
import { auditRecord } from './audit-record.js';
import { compileMiddlewareChain } from './compile-middleware-chain.js';
import { compileResponseCheck } from './compile-response-check.js';
import type { Invocation } from './invocation.js';
import type { AnyMiddleware } from './middleware.js';
import type { AnyOperation } from './operation.js';
import type { AuditLog } from './ports/audit-log.js';
import type { Transaction, TransactionManager } from './ports/transaction-manager.js';

/** What running a call needs from the app. */
export interface CallDependencies {
  readonly transactions: TransactionManager;
  readonly audit: AuditLog;
  /** Every middleware of the operation, the app's first, in order. */
  readonly middleware: readonly AnyMiddleware[];
}

/**
 * Compiles the body of a call, after admission: outside middleware → transaction → inside middleware
 * → handler → response check → audit. A write's success record commits in its transaction; a read's
 * is written after the commit; an answer a middleware gave on its own is checked and audited too.
 * Resolves with the checked response; anything thrown rejects (the failure path audits it).
 */
export function compileCall(
  operation: AnyOperation,
  dependencies: CallDependencies,
): (invocation: Invocation) => Promise<unknown> {
  const { transactions, audit } = dependencies;
  const check = compileResponseCheck(operation);
  const outside = compileMiddlewareChain(
    dependencies.middleware.filter((layer) => layer.phase === 'outside'),
  );
  const inside = compileMiddlewareChain(dependencies.middleware.filter((layer) => layer.phase === 'inside'));
  const inTransaction = operation.transaction !== false;
  const auditsInTransaction = inTransaction && operation.writes;
  const readOnly = !operation.writes;

  const handle = async (invocation: Invocation) => operation.handle(invocation.input, invocation);

  /** Inside the transaction (or none): inner middleware, the handler, the check, a write's audit record. */
  const body = async (invocation: Invocation, transaction: Transaction | undefined) => {
    invocation.transaction = transaction;
    const value = await inside(invocation, handle);
    check(invocation, value);
    invocation.result = value;
    if (auditsInTransaction) await audit.append(auditRecord(invocation, 'ok'), transaction);
    return value;
  };

  const execute = async (invocation: Invocation) => {
    if (!inTransaction) await body(invocation, undefined);
    else if (invocation.parentTransaction) await body(invocation, invocation.parentTransaction);
    else {
      const signal = invocation.sourceSignal;
      await transactions.run(
        (transaction) => body(invocation, transaction),
        signal === neverAborted ? { readOnly } : { readOnly, signal },
      );
    }
    if (!auditsInTransaction) await audit.append(auditRecord(invocation, 'ok'));
    invocation.audited = true;
    return invocation.result;
  };

  return async (invocation) => {
    const value = await outside(invocation, execute);
    if (invocation.audited) {
      // An outside middleware may adjust the response after the call; it is checked again.
      if (value !== invocation.result) check(invocation, value);
      return value;
    }
    // An outside middleware answered on its own (a replay): the handler never ran.
    check(invocation, value);
    invocation.result = value;
    await audit.append(auditRecord(invocation, 'ok'));
    invocation.audited = true;
    return value;
  };
}
