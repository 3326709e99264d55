import type { ValidationIssue } from '../errors/opwire-error.js';
import { issue } from './find-issues.js';

type Schema = Record<string, unknown>;
type KeyCountCheck = (value: unknown, path: ReadonlyArray<string | number>) => ValidationIssue | undefined;

/**
 * A check, run before the schema's own, that refuses an object holding more keys than its `maxProperties`
 * by counting them, before anything walks them: TypeBox's compiled check reads every entry of a record
 * first and counts last, so a body of a few hundred thousand keys held the event loop for seconds.
 * `undefined` when the schema bounds no object's keys (nothing to run). It follows what each position
 * must be (`properties`, `items`, a record's values, `allOf`), never a union's branches or a `$ref`.
 */
export function compileKeyCountCheck(
  schema: object,
): ((value: unknown) => ValidationIssue | undefined) | undefined {
  const check = checkOf(schema as Schema);
  return check && ((value) => check(value, []));
}

function checkOf(schema: Schema): KeyCountCheck | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const checks: KeyCountCheck[] = [];
  const max = schema.maxProperties;
  if (typeof max === 'number') {
    checks.push((value, path) =>
      isObject(value) && Object.keys(value).length > max
        ? issue('OUT_OF_RANGE', path, `at most ${max} properties`)
        : undefined,
    );
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [key, property] of Object.entries(properties)) {
    const inner = checkOf(property);
    if (inner) {
      checks.push((value, path) =>
        isObject(value) && Object.hasOwn(value, key) ? inner(value[key], [...path, key]) : undefined,
      );
    }
  }
  const records = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>).flatMap(
    ([pattern, values]) => {
      const inner = checkOf(values);
      return inner ? [[new RegExp(pattern, 'u'), inner] as const] : [];
    },
  );
  const rest = isObject(schema.additionalProperties) ? checkOf(schema.additionalProperties) : undefined;
  if (records.length > 0 || rest) {
    checks.push((value, path) => {
      if (!isObject(value)) return undefined;
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(properties, key)) continue;
        const matching = records.filter(([pattern]) => pattern.test(key));
        for (const inner of matching.length > 0 ? matching.map(([, each]) => each) : rest ? [rest] : []) {
          const found = inner(value[key], [...path, key]);
          if (found) return found;
        }
      }
      return undefined;
    });
  }
  const items = isObject(schema.items) ? checkOf(schema.items) : undefined;
  if (items) {
    checks.push((value, path) => {
      if (!Array.isArray(value)) return undefined;
      for (let index = 0; index < value.length; index++) {
        const found = items(value[index], [...path, index]);
        if (found) return found;
      }
      return undefined;
    });
  }
  if (Array.isArray(schema.allOf)) {
    for (const each of schema.allOf as Schema[]) {
      const inner = checkOf(each);
      if (inner) checks.push(inner);
    }
  }
  if (checks.length === 0) return undefined;
  if (checks.length === 1) return checks[0];
  return (value, path) => {
    for (const check of checks) {
      const found = check(value, path);
      if (found) return found;
    }
    return undefined;
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
