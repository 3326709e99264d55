import { auditRecord } from './audit-record.js';
import { compileResponseCheck } from './compile-response-check.js';
import { type ImmediateAuditLog, type ImmediateTransactions, immediate } from './immediate.js';
import type { Invocation } from './invocation.js';
import { isPromise } from './is-promise.js';
import type { AnyOperation } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';

/**
 * The call body on core's in-memory adapters for an operation without middleware: the same steps as
 * `compileCall`, but waiting only for what returned a promise, so a synchronous handler completes
 * without a promise or a microtask. Returns the checked response itself, or a promise of it.
 */
export function compileImmediateCall(
  operation: AnyOperation,
  dependencies: { readonly transactions: ImmediateTransactions; readonly audit: ImmediateAuditLog },
): (invocation: Invocation) => unknown {
  const runNow = dependencies.transactions[immediate];
  const appendNow = dependencies.audit[immediate];
  const check = compileResponseCheck(operation);
  const inTransaction = operation.transaction !== false;
  const auditsInTransaction = inTransaction && operation.writes;
  const readOnly = !operation.writes;

  const finish = (invocation: Invocation, value: unknown, transaction: Transaction | undefined) => {
    check(invocation, value);
    invocation.result = value;
    if (auditsInTransaction) appendNow(auditRecord(invocation, 'ok'), transaction);
    return value;
  };
  const body = (invocation: Invocation, transaction: Transaction | undefined) => {
    invocation.transaction = transaction;
    const returned = operation.handle(invocation.input, invocation);
    return isPromise(returned)
      ? returned.then((value) => finish(invocation, value, transaction))
      : finish(invocation, returned, transaction);
  };
  const done = (invocation: Invocation) => {
    if (!auditsInTransaction) appendNow(auditRecord(invocation, 'ok'));
    invocation.audited = true;
    return invocation.result;
  };

  return (invocation) => {
    const pending = !inTransaction
      ? body(invocation, undefined)
      : invocation.parentTransaction
        ? body(invocation, invocation.parentTransaction)
        : runNow((transaction) => body(invocation, transaction), {
            readOnly,
            signal: invocation.sourceSignal,
          });
    return isPromise(pending) ? pending.then(() => done(invocation)) : done(invocation);
  };
}
