const types = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const numeric = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
];

/** Returns what is wrong with a JSON Schema (as `path: problem`), or `undefined` when it is well formed. */
export function schemaProblem(schema: unknown, path = '#'): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return `${path}: not a schema object`;
  const node = schema as Record<string, unknown>;
  const declared = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of declared) {
    if (typeof type !== 'string' || !types.has(type)) return `${path}: unknown type ${JSON.stringify(type)}`;
  }
  for (const keyword of numeric) {
    if (node[keyword] !== undefined && typeof node[keyword] !== 'number')
      return `${path}: ${keyword} must be a number`;
  }
  if (
    node.required !== undefined &&
    !(Array.isArray(node.required) && node.required.every((key) => typeof key === 'string'))
  ) {
    return `${path}: required must be a list of names`;
  }
  if (node.enum !== undefined && !Array.isArray(node.enum)) return `${path}: enum must be a list`;
  if (node.properties !== undefined) {
    if (typeof node.properties !== 'object' || node.properties === null)
      return `${path}: properties must be an object`;
    for (const [key, value] of Object.entries(node.properties)) {
      const problem = schemaProblem(value, `${path}/properties/${key}`);
      if (problem) return problem;
    }
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[keyword];
    if (branches === undefined) continue;
    if (!Array.isArray(branches)) return `${path}: ${keyword} must be a list`;
    for (const [index, branch] of branches.entries()) {
      const problem = schemaProblem(branch, `${path}/${keyword}/${index}`);
      if (problem) return problem;
    }
  }
  for (const keyword of ['items', 'not']) {
    if (node[keyword] !== undefined && typeof node[keyword] !== 'boolean') {
      const problem = schemaProblem(node[keyword], `${path}/${keyword}`);
      if (problem) return problem;
    }
  }
  if (typeof node.additionalProperties === 'object')
    return schemaProblem(node.additionalProperties, `${path}/additionalProperties`);
  return undefined;
}
