import { OpwireError, type ValidationIssue } from '../errors/opwire-error.js';

/** The error for a failed validation: the first issue's code and field, with every issue listed. */
export function validationError(issues: readonly ValidationIssue[]): OpwireError {
  const [first] = issues as [ValidationIssue];
  return new OpwireError(first.code, {
    field: first.field,
    params: { expected: first.expected },
    issues,
  });
}
