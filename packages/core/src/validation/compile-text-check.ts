import { badTextIn } from './bad-text.js';
import { findBadText } from './find-bad-text.js';

/** Whether a value that already matched its schema may hold text a store cannot keep (see `findBadText`). */
export type TextCheck = (value: unknown) => boolean;

const none: TextCheck = () => false;

/**
 * Compiles, from a schema, a check for NUL characters and lone surrogates in a value that already matched
 * it: a closed object visits only its declared properties, a number or a boolean has none, a string is
 * searched. Anything else (records, unions, open objects, `any`) is walked whole. Only a `true` needs
 * `findBadText` to say where; a valid request (nearly all of them) costs a few string scans.
 */
export function compileTextCheck(schema: unknown): TextCheck {
  return compileNode(schema) ?? none;
}

/** The check of one schema node, or `undefined` when nothing under it can hold text. */
function compileNode(node: unknown): TextCheck | undefined {
  if (typeof node !== 'object' || node === null) return containsBadText;
  const schema = node as Record<string, unknown>;
  if ('const' in schema) return containsBadText(schema.const) ? containsBadText : undefined;
  switch (schema.type) {
    case 'string':
      return stringIsBad;
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
      return undefined;
    case 'array':
      return compileArray(schema);
    case 'object':
      return compileObject(schema);
    default:
      return containsBadText;
  }
}

function compileArray(schema: Record<string, unknown>): TextCheck | undefined {
  if (Array.isArray(schema.items) || schema.prefixItems !== undefined) return containsBadText;
  const item = compileNode(schema.items ?? {});
  if (item === undefined) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return containsBadText(value);
    for (let index = 0; index < value.length; index++) if (item(value[index])) return true;
    return false;
  };
}

function compileObject(schema: Record<string, unknown>): TextCheck | undefined {
  const properties = schema.properties as Record<string, unknown> | undefined;
  // Only a closed object's keys are known to be its declared ones.
  if (
    schema.additionalProperties !== false ||
    schema.patternProperties !== undefined ||
    properties === undefined ||
    typeof properties !== 'object'
  ) {
    return containsBadText;
  }
  const names = Object.keys(properties);
  if (names.some((name) => badTextIn(name) !== undefined)) return containsBadText;
  const checks: Array<[string, TextCheck]> = [];
  for (const name of names) {
    const check = compileNode(properties[name]);
    if (check) checks.push([name, check]);
  }
  if (checks.length === 0) return undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null) return containsBadText(value);
    for (const [name, check] of checks) {
      if (Object.hasOwn(value, name) && check((value as Record<string, unknown>)[name])) return true;
    }
    return false;
  };
}

function stringIsBad(value: unknown): boolean {
  return typeof value === 'string' ? badTextIn(value) !== undefined : containsBadText(value);
}

/** The whole walk, every string value and every key: `findBadText`'s, without keeping what it finds. */
function containsBadText(value: unknown): boolean {
  return findBadText(value) !== undefined;
}
