import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ValidationIssue } from '../errors/opwire-error.js';
import { compileKeyCountCheck } from './compile-key-count-check.js';
import { compileTextCheck } from './compile-text-check.js';
import { findBadText } from './find-bad-text.js';
import { findIssues } from './find-issues.js';
import { checkedView } from './inherited-names.js';

/** A compiled check: `undefined` when the value is valid, otherwise the issues found (at most a few). */
export type Validator = (value: unknown) => ValidationIssue[] | undefined;

/**
 * Compiles a schema into a fast check that explains failures only when there is one. A value that
 * matches its schema is still refused when a string or key in it holds NUL (`NUL_CHARACTER`) or a lone
 * surrogate (`INVALID_UNICODE`).
 */
export function compileValidator(schema: TSchema): Validator {
  const compiled = Compile(schema);
  // Checked and explained on a copy without prototypes where the schema names an inherited member.
  const view = checkedView(schema);
  // The schema says where strings can be: only those are searched, and `findBadText` names the field.
  const mayHoldBadText = compileTextCheck(schema);
  // Only where the schema bounds an object's keys: an object over its bound is refused before anything walks it.
  const tooManyKeys = compileKeyCountCheck(schema);
  return (value) => {
    const checked = view(value);
    const overBound = tooManyKeys?.(checked);
    if (overBound) return [overBound];
    if (!compiled.Check(checked)) return findIssues(schema as Record<string, unknown>, checked);
    const bad = mayHoldBadText(value) ? findBadText(value) : undefined;
    return bad ? [bad] : undefined;
  };
}
