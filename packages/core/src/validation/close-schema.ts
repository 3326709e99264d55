import type { TSchema } from 'typebox';

/**
 * Returns a copy of a schema in which every object that does not say otherwise rejects unknown
 * properties, so requests are closed by default.
 */
export function closeSchema<T extends TSchema>(schema: T): T {
  return closeNode(schema) as T;
}

/**
 * TypeBox's key pattern for a record keyed by any string. `.` stops at line terminators, so a key holding a
 * line break matches no pattern and its value was never checked (nor is it in a JSON Schema validator).
 */
const anyKeyPattern = '^.*$';
/** The same "any key", written so that it matches every key. */
const everyKeyPattern = '^[\\s\\S]*$';

function closeNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeNode);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : closeNode(value);
  }
  const patterns = copy.patternProperties;
  if (typeof patterns === 'object' && patterns !== null && Object.hasOwn(patterns, anyKeyPattern)) {
    copy.patternProperties = Object.fromEntries(
      Object.entries(patterns).map(([pattern, value]) => [
        pattern === anyKeyPattern ? everyKeyPattern : pattern,
        value,
      ]),
    );
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
