import type { TSchema } from 'typebox';
import { closeSchema } from '../validation/close-schema.js';

/**
 * Turns a TypeBox schema into plain JSON Schema 2020-12 for OpenAPI 3.1: closed the way the
 * pipeline validates it, with TypeBox's own `~` keys and any symbols dropped.
 */
export function toJsonSchema(schema: TSchema): Record<string, unknown> {
  return strip(closeSchema(schema)) as Record<string, unknown>;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('~')) continue;
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : strip(value);
  }
  return copy;
}
