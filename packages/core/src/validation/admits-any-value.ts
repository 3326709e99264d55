/** Keywords that constrain what a schema admits; a (sub)schema with none of them admits any value. */
const constraining = ['type', 'anyOf', 'oneOf', 'allOf', 'not', 'const', 'enum', '$ref'];

/**
 * Whether a schema admits, somewhere inside it, any value at all (`Type.Any()`, `Type.Unknown()`):
 * a value there may be one JSON cannot carry (a BigInt, a cycle), so matching the schema does not
 * prove the response serializes.
 */
export function admitsAnyValue(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (!constraining.some((keyword) => keyword in node)) return true;
  const children: unknown[] = [];
  for (const keyword of ['properties', 'patternProperties'] as const) {
    const group = node[keyword];
    if (typeof group === 'object' && group !== null) children.push(...Object.values(group));
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = node[keyword];
    if (Array.isArray(list)) children.push(...list);
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    if (typeof node[keyword] === 'object') children.push(node[keyword]);
  }
  return children.some(admitsAnyValue);
}
