import { abortError } from './abort.js';
import { hasPermission } from './caller.js';
import { OpwireError } from './errors/opwire-error.js';
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
    if (invocation.signal.aborted) throw abortError(invocation.signal);
    if (!operation.public && !invocation.caller) throw new OpwireError('UNAUTHENTICATED');
    const issues = validateRequest(input);
    if (issues) throw validationError(issues);
    if (
      operation.permission &&
      !(invocation.caller && hasPermission(invocation.caller, operation.permission))
    ) {
      throw new OpwireError(invocation.caller ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED', {
        params: { operation: operation.id },
      });
    }
  };
}
