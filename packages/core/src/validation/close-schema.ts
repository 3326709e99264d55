import type { TSchema } from 'typebox';

/**
 * Returns a copy of a schema in which every object that does not say otherwise rejects unknown
 * properties, so requests are closed by default.
 */
export function closeSchema<T extends TSchema>(schema: T): T {
  return closeNode(schema) as T;
}

function closeNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeNode);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : closeNode(value);
  }
  if (
    copy.type === 'object' &&
    copy.additionalProperties === undefined &&
    copy.patternProperties === undefined
  ) {
    copy.additionalProperties = false;
  }
  return copy;
}
