import { closeSchema } from '@opwire/core';
import type { JSONSchema7 } from 'ai';
import type { TSchema } from 'typebox';

type Schema = Record<string, unknown>;

/** A schema as sent to a model: in OpenAI strict form when `strict`, otherwise closed as it was declared. */
export interface ModelSchema {
  readonly schema: JSONSchema7;
  /** Whether the schema fits OpenAI strict mode (and the tool may be sent with `strict: true`). */
  readonly strict: boolean;
}

const carried = new Set(['type', 'description', 'title', 'enum', 'const']);
const hinted = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
]);
const structural = new Set(['properties', 'required', 'items', 'anyOf', 'oneOf', 'additionalProperties']);

class NotStrict extends Error {}

/**
 * Converts a request or response schema into the form OpenAI strict mode accepts: every property
 * required (optional ones become a union with null), no additional properties, and constraint
 * keywords moved into the description. A schema that cannot be expressed that way (records,
 * `allOf`, references) is returned closed but unchanged, with `strict: false`.
 */
export function toModelSchema(schema: unknown): ModelSchema {
  try {
    return { schema: convert(schema as Schema) as JSONSchema7, strict: true };
  } catch (error) {
    if (!(error instanceof NotStrict)) throw error;
    return { schema: closeSchema(schema as TSchema) as JSONSchema7, strict: false };
  }
}

function convert(node: Schema): Schema {
  const result: Schema = {};
  const hints: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (carried.has(key)) result[key] = value;
    else if (hinted.has(key)) hints.push(`${key} ${JSON.stringify(value)}`);
    else if (!structural.has(key) && !key.startsWith('~') && key !== '$id' && key !== 'examples')
      throw new NotStrict(key);
  }
  if (hints.length > 0) {
    const prefix = typeof result.description === 'string' ? `${result.description} ` : '';
    result.description = `${prefix}(${hints.join(', ')})`;
  }
  const branches = (node.anyOf ?? node.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) result.anyOf = branches.map(convert);
  if (node.type === 'array' && node.items !== undefined) {
    if (typeof node.items !== 'object' || Array.isArray(node.items)) throw new NotStrict('items');
    result.items = convert(node.items as Schema);
  }
  if (node.type === 'object') {
    if (node.additionalProperties !== undefined && node.additionalProperties !== false)
      throw new NotStrict('additionalProperties');
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    const required = new Set((node.required ?? []) as string[]);
    const converted: Record<string, Schema> = {};
    for (const [name, property] of Object.entries(properties)) {
      const strictProperty = convert(property);
      converted[name] =
        required.has(name) || acceptsNull(property)
          ? strictProperty
          : { anyOf: [strictProperty, { type: 'null' }] };
    }
    result.properties = converted;
    result.required = Object.keys(properties);
    result.additionalProperties = false;
  }
  if (!('type' in result || 'anyOf' in result || 'enum' in result || 'const' in result))
    throw new NotStrict('untyped');
  return result;
}

/** Whether a schema accepts `null` as a value. */
export function acceptsNull(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'null' || schema.const === null) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return Array.isArray(branches) && branches.some(acceptsNull);
}

/**
 * Undoes the strict-mode encoding on a model's arguments: a `null` given for an optional property
 * whose declared schema does not accept null becomes an absent property. Returns a copy.
 */
export function restoreAbsent(schema: unknown, value: unknown): unknown {
  const node = schema as Schema;
  if (Array.isArray(value)) {
    const items = node.items as Schema | undefined;
    return items && typeof items === 'object' ? value.map((item) => restoreAbsent(items, item)) : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const branches = (node.anyOf ?? node.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const objects = branches.filter((branch) => branch.type === 'object');
    return objects.length === 1 ? restoreAbsent(objects[0], value) : value;
  }
  if (node.type !== 'object') return value;
  const properties = (node.properties ?? {}) as Record<string, Schema>;
  const required = new Set((node.required ?? []) as string[]);
  const copy: Array<[string, unknown]> = [];
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    // Own keys only: a model's `constructor` or `toString` is an unknown field, not Object.prototype's.
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (entry === null && property && !required.has(key) && !acceptsNull(property)) continue;
    copy.push([key, property ? restoreAbsent(property, entry) : entry]);
  }
  // `fromEntries` defines each key as an own property, `__proto__` included.
  return Object.fromEntries(copy);
}
