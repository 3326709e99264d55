import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * Compiles TypeBox's check of a schema. Where the schema declares a property named like an inherited
 * member of every object, the check runs on a copy without prototypes (see `declaresInheritedName`),
 * so an absent `toString` is absent; every other schema is checked as it is.
 */
export function compileCheck(schema: TSchema): (value: unknown) => boolean {
  const compiled = Compile(schema);
  return declaresInheritedName(schema)
    ? (value) => compiled.Check(withoutPrototypes(value))
    : (value) => compiled.Check(value);
}

/**
 * Whether a schema declares a property named like an inherited member of every object (`toString`,
 * `valueOf`, `hasOwnProperty`…). TypeBox tests presence with `key in value`, which finds the inherited
 * member when the property is absent; such schemas are checked against a copy without prototypes.
 * (`constructor` and `__proto__` TypeBox already tests as own properties.)
 */
export function declaresInheritedName(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const { properties, required } = schema as { properties?: unknown; required?: unknown };
  const names = [
    ...(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []),
    ...(Array.isArray(required) ? required : []),
  ];
  if (names.some((name) => typeof name === 'string' && name in Object.prototype)) return true;
  return Object.values(schema).some((child) => declaresInheritedName(child, seen));
}

/** A copy of a JSON-like value whose objects have no prototype, so `key in copy` means an own key. */
export function withoutPrototypes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value))
    copy[key] = withoutPrototypes((value as Record<string, unknown>)[key]);
  return copy;
}
