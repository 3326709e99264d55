import type { ValidationIssue } from '../errors/opwire-error.js';
import { issue } from './find-issues.js';

/**
 * Finds the first string value or object key holding a NUL character (U+0000): PostgreSQL cannot store
 * one in `text` or `jsonb`, and most tools cut strings at it, so a request carrying one is refused with
 * its own code and field rather than failing later inside a store.
 */
export function findNul(value: unknown): ValidationIssue | undefined {
  const path: Array<string | number> = [];
  return visit(value, path) ? issue('NUL_CHARACTER', path, undefined) : undefined;
}

function visit(value: unknown, path: Array<string | number>): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      if (visit(value[index], path)) return true;
      path.pop();
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // The key itself is named with the NUL written out, so the answer never carries the character.
    path.push(key.includes('\u0000') ? key.replaceAll('\u0000', '\\u0000') : key);
    if (key.includes('\u0000') || visit((value as Record<string, unknown>)[key], path)) return true;
    path.pop();
  }
  return false;
}
