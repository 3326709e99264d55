import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ValidationIssue } from '../errors/opwire-error.js';
import { compileNulCheck } from './compile-nul-check.js';
import { findIssues } from './find-issues.js';
import { findNul } from './find-nul.js';
import { checkedView } from './inherited-names.js';

/** A compiled check: `undefined` when the value is valid, otherwise the issues found (at most a few). */
export type Validator = (value: unknown) => ValidationIssue[] | undefined;

/**
 * Compiles a schema into a fast check that explains failures only when there is one. A value that
 * matches its schema is still refused when a string or key in it holds NUL (`NUL_CHARACTER`).
 */
export function compileValidator(schema: TSchema): Validator {
  const compiled = Compile(schema);
  // Checked and explained on a copy without prototypes where the schema names an inherited member.
  const view = checkedView(schema);
  // The schema says where strings can be: only those are searched, and `findNul` names the field.
  const mayHoldNul = compileNulCheck(schema);
  return (value) => {
    const checked = view(value);
    if (!compiled.Check(checked)) return findIssues(schema as Record<string, unknown>, checked);
    const nul = mayHoldNul(value) ? findNul(value) : undefined;
    return nul ? [nul] : undefined;
  };
}
