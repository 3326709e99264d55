/** Keywords whose values are data, not subschemas: an `$id` inside them is not a schema's. */
const dataKeywords = new Set(['const', 'enum', 'default', 'examples']);

/**
 * A tool schema a client compiles on its own: the first subschema carrying an `$id` keeps it, every repeat of
 * that `$id` loses it. A named TypeBox schema (`{ $id: 'Order' }`) is inlined wherever it is used, so a request
 * or response holding it twice names two schemas alike, which Ajv (the SDK client's validator) refuses
 * ("reference resolves to more than one schema") and with it the client's whole `tools/list`. A `$ref` to the
 * id (a cyclic schema) still finds the subschema that kept it, which is the same schema.
 */
export function withoutRepeatedIds<Schema extends Record<string, unknown>>(schema: Schema): Schema {
  const seen = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' && typeof value === 'string') {
        if (seen.has(value)) continue;
        seen.add(value);
      }
      copy[key] = dataKeywords.has(key) ? value : walk(value);
    }
    return copy;
  };
  return walk(schema) as Schema;
}
