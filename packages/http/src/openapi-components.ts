import { coreErrors } from '@opwire/core';

/** Named component schemas collected while the document is built. */
export type ComponentSchemas = Map<string, { readonly schema: unknown; readonly text: string }>;

/** The component name of a schema's `$id` (its last path segment, without a `.json` ending). */
export function componentNameOf(id: string): string {
  const name = id
    .replace(/\.json$/, '')
    .split(/[/#]/)
    .filter(Boolean)
    .pop();
  if (!name || !/^[A-Za-z0-9._-]+$/.test(name)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `OpenAPI: schema $id "${id}" does not end in a component name ([A-Za-z0-9._-]+)` },
    });
  }
  return name;
}

/**
 * Replaces every subschema carrying an `$id` (the schema itself included) by a `$ref` to a component
 * named after it, and collects the component. One name given to two different schemas fails startup.
 */
export function referenceNamedSchemas(node: unknown, components: ComponentSchemas): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceNamedSchemas(item, components));
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
        ? value
        : referenceNamedSchemas(value, components);
  }
  const id = copy.$id;
  if (typeof id !== 'string') return copy;
  const name = componentNameOf(id);
  // The component keeps no `$id`: it would move the base URI its own `$ref`s resolve against.
  const { $id: _id, ...schema } = copy;
  const named = { title: name, ...schema };
  const text = JSON.stringify(named);
  const known = components.get(name);
  if (known && known.text !== text) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `OpenAPI: two different schemas are named "${name}" ($id "${id}")` },
    });
  }
  components.set(name, { schema: named, text });
  return { $ref: `#/components/schemas/${name}` };
}
