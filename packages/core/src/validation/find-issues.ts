import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import type { ValidationIssue } from '../errors/opwire-error.js';
import { writtenOut } from './bad-text.js';

type Schema = Record<string, unknown>;

const compiledChecks = new WeakMap<Schema, (value: unknown) => boolean>();

/**
 * Whether a value matches a part of a schema, through TypeBox's compiled check of that part (compiled once,
 * on the first failure that needs it): the dynamic `Value.Check` took seconds on an array item of a few
 * hundred thousand keys. A part that does not compile alone (a `$ref` to its root's definitions) is checked
 * dynamically.
 */
const keySchemas = new WeakMap<Schema, Schema>();

/** A `propertyNames` schema as the string schema a key is checked against (made once per schema). */
function keySchemaOf(names: Schema): Schema {
  let schema = keySchemas.get(names);
  if (schema === undefined) {
    schema = { type: 'string', ...names };
    keySchemas.set(names, schema);
  }
  return schema;
}

function matches(schema: Schema, value: unknown): boolean {
  let check = compiledChecks.get(schema);
  if (check === undefined) {
    try {
      const compiled = Compile(schema as never);
      check = (each) => compiled.Check(each);
    } catch {
      check = (each) => Value.Check(schema as never, each);
    }
    compiledChecks.set(schema, check);
  }
  return check(value);
}

/**
 * Explains why a value failed its schema, as at most `limit` issues, each with a distinct code.
 * Runs only after the compiled check failed, and walks just the failing branch, so a rejection
 * costs about as much as the check did.
 */
export function findIssues(schema: Schema, value: unknown, limit = 8): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  visit(schema, value, [], issues, limit);
  if (issues.length === 0) issues.push(issue('INVALID_REQUEST', [], undefined));
  return issues;
}

function visit(
  schema: Schema,
  value: unknown,
  path: Array<string | number>,
  issues: ValidationIssue[],
  limit: number,
) {
  if (issues.length >= limit) return;
  if ('const' in schema) {
    if (value !== schema.const) issues.push(enumIssue([schema.const], value, path));
    return;
  }
  if (Array.isArray(schema.enum)) {
    if (!schema.enum.includes(value)) issues.push(enumIssue(schema.enum, value, path));
    return;
  }
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    visitUnion((schema.anyOf ?? schema.oneOf) as Schema[], value, path, issues, limit);
    return;
  }
  const type = schema.type;
  // JSON such as `1e309` parses to Infinity: a number, but past any range, not a value of another type.
  if ((type === 'number' || type === 'integer') && typeof value === 'number' && !Number.isFinite(value)) {
    issues.push(issue('OUT_OF_RANGE', path, 'a finite number'));
    return;
  }
  if (typeof type === 'string' && !hasType(type, value)) {
    issues.push(issue(value === null ? 'NULL_NOT_ALLOWED' : 'WRONG_TYPE', path, type));
    return;
  }
  if (Array.isArray(type) && !type.some((each) => hasType(each as string, value))) {
    issues.push(issue(value === null ? 'NULL_NOT_ALLOWED' : 'WRONG_TYPE', path, type.join(' | ')));
    return;
  }
  if (type === 'object') visitObject(schema, value as Record<string, unknown>, path, issues, limit);
  else if (type === 'array') visitArray(schema, value as unknown[], path, issues, limit);
  else if (type === 'string') visitString(schema, value as string, path, issues);
  else if (type === 'number' || type === 'integer') visitNumber(schema, value as number, path, issues);
}

function visitObject(
  schema: Schema,
  value: Record<string, unknown>,
  path: Array<string | number>,
  issues: ValidationIssue[],
  limit: number,
) {
  const count = Object.keys(value).length;
  // The count first: an object of far too many keys is refused without walking them.
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) {
    issues.push(issue('OUT_OF_RANGE', path, `at most ${schema.maxProperties} properties`));
    return;
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  // Own keys only: `constructor` or `toString` in a request are fields like any other, not Object.prototype's.
  const propertyOf = (key: string) => (Object.hasOwn(properties, key) ? properties[key] : undefined);
  for (const key of (schema.required ?? []) as string[]) {
    if ((Object.hasOwn(value, key) ? value[key] : undefined) === undefined && issues.length < limit) {
      issues.push(issue('MISSING_FIELD', [...path, key], describeExpected(propertyOf(key))));
    }
  }
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>).map(
    ([pattern, property]) => [new RegExp(pattern, 'u'), property] as const,
  );
  const names = schema.propertyNames as Schema | undefined;
  for (const key of Object.keys(value)) {
    if (issues.length >= limit) return;
    if (names !== undefined && !matches(keySchemaOf(names), key)) {
      const before = issues.length;
      visitString(names, key, [...path, key], issues);
      if (issues.length === before) issues.push(issue('INVALID_FORMAT', [...path, key], 'a valid key'));
      continue;
    }
    const property = propertyOf(key) ?? patterns.find(([pattern]) => pattern.test(key))?.[1];
    if (property) {
      if (value[key] !== undefined) visit(property, value[key], [...path, key], issues, limit);
    } else if (schema.additionalProperties === false) {
      issues.push(issue('UNKNOWN_FIELD', [...path, key], undefined));
    } else if (typeof schema.additionalProperties === 'object') {
      visit(schema.additionalProperties as Schema, value[key], [...path, key], issues, limit);
    }
  }
  if (typeof schema.minProperties === 'number' && count < schema.minProperties) {
    issues.push(issue('OUT_OF_RANGE', path, `at least ${schema.minProperties} properties`));
  }
}

function visitArray(
  schema: Schema,
  value: unknown[],
  path: Array<string | number>,
  issues: ValidationIssue[],
  limit: number,
) {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    issues.push(issue('OUT_OF_RANGE', path, `at least ${schema.minItems} items`));
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    issues.push(issue('OUT_OF_RANGE', path, `at most ${schema.maxItems} items`));
  }
  const items = schema.items as Schema | undefined;
  if (items && typeof items === 'object' && !Array.isArray(items)) {
    value.forEach((item, index) => {
      if (issues.length < limit && !matches(items, item)) visit(items, item, [...path, index], issues, limit);
    });
  }
}

function visitString(schema: Schema, value: string, path: Array<string | number>, issues: ValidationIssue[]) {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) {
    issues.push(issue('OUT_OF_RANGE', path, `length >= ${schema.minLength}`));
  } else if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
    issues.push(issue('OUT_OF_RANGE', path, `length <= ${schema.maxLength}`));
  } else if (
    (typeof schema.format === 'string' || typeof schema.pattern === 'string') &&
    !matches(schema, value)
  ) {
    issues.push(issue('INVALID_FORMAT', path, String(schema.format ?? `pattern ${schema.pattern}`)));
  }
}

function visitNumber(schema: Schema, value: number, path: Array<string | number>, issues: ValidationIssue[]) {
  const bounds: Array<[string, (limit: number) => boolean, string]> = [
    ['minimum', (limit) => value < limit, '>='],
    ['maximum', (limit) => value > limit, '<='],
    ['exclusiveMinimum', (limit) => value <= limit, '>'],
    ['exclusiveMaximum', (limit) => value >= limit, '<'],
  ];
  for (const [keyword, breaks, operator] of bounds) {
    const limit = schema[keyword];
    if (typeof limit === 'number' && breaks(limit)) {
      issues.push(issue('OUT_OF_RANGE', path, `${operator} ${limit}`));
      return;
    }
  }
  if (typeof schema.multipleOf === 'number' && value % schema.multipleOf !== 0) {
    issues.push(issue('OUT_OF_RANGE', path, `a multiple of ${schema.multipleOf}`));
  }
}

function visitUnion(
  branches: Schema[],
  value: unknown,
  path: Array<string | number>,
  issues: ValidationIssue[],
  limit: number,
) {
  if (branches.some((branch) => matches(branch, value))) return;
  const literals = branches.every((branch) => 'const' in branch || Array.isArray(branch.enum));
  if (literals) {
    issues.push(
      enumIssue(
        branches.flatMap((branch) => ('const' in branch ? [branch.const] : (branch.enum as unknown[]))),
        value,
        path,
      ),
    );
    return;
  }
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  const sameType = nonNull.filter(
    (branch) =>
      typeof branch.type === 'string' &&
      (hasType(branch.type, value) || isUnboundedNumber(branch.type, value)),
  );
  if (value === null) {
    issues.push(issue('NULL_NOT_ALLOWED', path, nonNull.map(describeExpected).join(' | ')));
  } else if (nonNull.length === 1 && nonNull[0]) {
    visit(nonNull[0], value, path, issues, limit);
  } else if (sameType.length === 1 && sameType[0]) {
    // One branch takes values of this type (a string among string | number | boolean): its own check explains.
    visit(sameType[0], value, path, issues, limit);
  } else {
    issues.push(issue('WRONG_TYPE', path, branches.map(describeExpected).join(' | ')));
  }
}

function enumIssue(allowed: unknown[], value: unknown, path: Array<string | number>): ValidationIssue {
  const expected = allowed.map((each) => JSON.stringify(each)).join(' | ');
  if (value === null) return issue('NULL_NOT_ALLOWED', path, expected);
  const types = new Set(allowed.map((each) => typeof each));
  if (types.size === 1 && !types.has(typeof value)) return issue('WRONG_TYPE', path, [...types][0]);
  return issue('INVALID_ENUM', path, expected);
}

/** JSON such as `1e309` is Infinity: of a number branch's type, though past its range (which its check says). */
function isUnboundedNumber(type: string, value: unknown): boolean {
  return (type === 'number' || type === 'integer') && typeof value === 'number' && !Number.isFinite(value);
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

function describeExpected(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((each) => JSON.stringify(each)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(describeExpected).join(' | ');
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** A key a dotted path can show bare: letters, digits, `_`, `$` and `-`, not starting with a digit. */
const plainName = /^[\p{L}_$][\p{L}\p{N}_$-]*$/u;

/** One issue at a path: its code, the field as `a.b[0]`, the JSON Pointer and what was expected. */
export function issue(
  code: string,
  path: ReadonlyArray<string | number>,
  expected: string | undefined,
): ValidationIssue {
  let field = '';
  for (const segment of path) {
    if (typeof segment === 'number') field += `[${segment}]`;
    else if (plainName.test(segment)) field += field ? `.${segment}` : segment;
    // A key that a dotted path would misread (empty, with a dot, a bracket or a space) is quoted: `a["b.c"]`.
    else field += `[${JSON.stringify(segment)}]`;
  }
  // A key holding NUL or a lone surrogate is written out in both (JSON's `\u0000`), so an answer carries valid text.
  const pointer = path
    .map((segment) => `/${writtenOut(String(segment)).replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
  return expected === undefined ? { code, field, pointer } : { code, field, pointer, expected };
}
