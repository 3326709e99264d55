import type { ValidationIssue } from '../errors/opwire-error.js';
import { type BadTextCode, badTextIn } from './bad-text.js';
import { issue } from './find-issues.js';

/**
 * Finds the first string value or object key a store cannot keep as it was sent: one holding a NUL
 * character (U+0000; PostgreSQL cannot store it in `text` or `jsonb`, and most tools cut strings at it)
 * is `NUL_CHARACTER`, one holding a lone UTF-16 surrogate (`"\ud800"` in JSON; UTF-8 has no encoding for
 * it, so it would be stored as U+FFFD) is `INVALID_UNICODE`. Either is refused with its code and field
 * rather than failing later inside a store, or being silently changed.
 */
export function findBadText(value: unknown): ValidationIssue | undefined {
  const path: Array<string | number> = [];
  const code = visit(value, path);
  return code ? issue(code, path, undefined) : undefined;
}

function visit(value: unknown, path: Array<string | number>): BadTextCode | undefined {
  if (typeof value === 'string') return badTextIn(value);
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      const code = visit(value[index], path);
      if (code) return code;
      path.pop();
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inKey = badTextIn(key);
    // The issue names the key with the bad character written out, so the answer carries only valid text.
    path.push(key);
    const code = inKey ?? visit((value as Record<string, unknown>)[key], path);
    if (code) return code;
    path.pop();
  }
  return undefined;
}
