import { findNul } from './find-nul.js';

/** Whether a value that already matched its schema may hold a NUL character somewhere. */
export type NulCheck = (value: unknown) => boolean;

const none: NulCheck = () => false;

/**
 * Compiles, from a schema, a check for NUL characters in a value that already matched it: a closed
 * object visits only its declared properties, a number or a boolean has none, a string is searched.
 * Anything else (records, unions, open objects, `any`) is walked whole. Only a `true` needs `findNul`
 * to say where; a valid request without NUL (nearly all of them) costs a few string searches.
 */
export function compileNulCheck(schema: unknown): NulCheck {
  return compileNode(schema) ?? none;
}

/** The check of one schema node, or `undefined` when nothing under it can hold a NUL. */
function compileNode(node: unknown): NulCheck | undefined {
  if (typeof node !== 'object' || node === null) return containsNul;
  const schema = node as Record<string, unknown>;
  if ('const' in schema) return containsNul(schema.const) ? containsNul : undefined;
  switch (schema.type) {
    case 'string':
      return stringHasNul;
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
      return containsNul;
  }
}

function compileArray(schema: Record<string, unknown>): NulCheck | undefined {
  if (Array.isArray(schema.items) || schema.prefixItems !== undefined) return containsNul;
  const item = compileNode(schema.items ?? {});
  if (item === undefined) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return containsNul(value);
    for (let index = 0; index < value.length; index++) if (item(value[index])) return true;
    return false;
  };
}

function compileObject(schema: Record<string, unknown>): NulCheck | undefined {
  const properties = schema.properties as Record<string, unknown> | undefined;
  // Only a closed object's keys are known to be its declared ones.
  if (
    schema.additionalProperties !== false ||
    schema.patternProperties !== undefined ||
    properties === undefined ||
    typeof properties !== 'object'
  ) {
    return containsNul;
  }
  const names = Object.keys(properties);
  if (names.some((name) => name.includes('\u0000'))) return containsNul;
  const checks: Array<[string, NulCheck]> = [];
  for (const name of names) {
    const check = compileNode(properties[name]);
    if (check) checks.push([name, check]);
  }
  if (checks.length === 0) return undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null) return containsNul(value);
    for (const [name, check] of checks) {
      if (Object.hasOwn(value, name) && check((value as Record<string, unknown>)[name])) return true;
    }
    return false;
  };
}

function stringHasNul(value: unknown): boolean {
  return typeof value === 'string' ? value.includes('\u0000') : containsNul(value);
}

/** The whole walk, every string value and every key: `findNul`'s, without keeping what it finds. */
function containsNul(value: unknown): boolean {
  return findNul(value) !== undefined;
}
