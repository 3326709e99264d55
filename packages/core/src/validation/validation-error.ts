import { coreErrors } from '../errors/core-errors.js';
import { OpwireError, type ValidationIssue } from '../errors/opwire-error.js';

const issueEntries: Readonly<Record<string, (typeof coreErrors)[keyof typeof coreErrors]>> = coreErrors;

/** The error for a failed validation: the first issue's code and field, with every issue listed. */
export function validationError(issues: readonly ValidationIssue[]): OpwireError {
  const [first] = issues as [ValidationIssue];
  const entry = Object.hasOwn(issueEntries, first.code) ? issueEntries[first.code] : undefined;
  return new OpwireError(entry ?? coreErrors.INVALID_REQUEST, {
    field: first.field,
    params: { expected: first.expected },
    issues,
  });
}
