import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ValidationIssue } from '../errors/opwire-error.js';
import { compileNulCheck } from './compile-nul-check.js';
import { findIssues } from './find-issues.js';
import { findNul } from './find-nul.js';

/** A compiled check: `undefined` when the value is valid, otherwise the issues found (at most a few). */
export type Validator = (value: unknown) => ValidationIssue[] | undefined;

/**
 * Compiles a schema into a fast check that explains failures only when there is one. A value that
 * matches its schema is still refused when a string or key in it holds NUL (`NUL_CHARACTER`).
 */
export function compileValidator(schema: TSchema): Validator {
  const compiled = Compile(schema);
  // The schema says where strings can be: only those are searched, and `findNul` names the field.
  const mayHoldNul = compileNulCheck(schema);
  return (value) => {
    if (!compiled.Check(value)) return findIssues(schema as Record<string, unknown>, value);
    const nul = mayHoldNul(value) ? findNul(value) : undefined;
    return nul ? [nul] : undefined;
  };
}
