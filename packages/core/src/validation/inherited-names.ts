/** The identity, for schemas TypeBox checks correctly as they are. */
const asIs = (value: unknown): unknown => value;

/**
 * What TypeBox's compiled check of `schema` should be given for a value: a copy without prototypes
 * where the schema declares a property named like an inherited member of every object (so an absent
 * `toString` is absent), the value itself otherwise. Decided once, when the schema is compiled.
 */
export function checkedView(schema: unknown): (value: unknown) => unknown {
  return declaresInheritedName(schema) ? withoutPrototypes : asIs;
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
