import { abortError } from './abort.js';
import { hasPermission } from './caller.js';
import { coreErrors } from './errors/core-errors.js';
import type { Invocation } from './invocation.js';
import type { AnyOperation } from './operation.js';
import { closeSchema } from './validation/close-schema.js';
import { compileValidator } from './validation/compile-validator.js';
import { validationError } from './validation/validation-error.js';

/**
 * Compiles the checks that need no I/O — cancellation, authentication, input, permission — into
 * one function that throws the first failure as an `OpwireError`.
 */
export function compileAdmission(operation: AnyOperation): (input: unknown, invocation: Invocation) => void {
  const validateRequest = compileValidator(closeSchema(operation.request));
  return (input, invocation) => {
    if (invocation.sourceSignal.aborted) throw abortError(invocation.sourceSignal);
    if (!operation.public && !invocation.caller) throw coreErrors.UNAUTHENTICATED();
    const issues = validateRequest(input);
    if (issues) throw validationError(issues);
    if (
      operation.permission &&
      !(invocation.caller && hasPermission(invocation.caller, operation.permission))
    ) {
      if (!invocation.caller) throw coreErrors.UNAUTHENTICATED();
      throw coreErrors.PERMISSION_DENIED({ params: { operation: operation.id } });
    }
  };
}
