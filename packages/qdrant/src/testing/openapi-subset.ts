/** An OpenAPI 3.0 document, as far as the stand-in reads it. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Readonly<Record<string, unknown>>;
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> };
}

/** One operation: its parameters, request body and answers. */
export interface OpenApiOperation {
  readonly operationId?: string;
  readonly parameters?: ReadonlyArray<{
    readonly name: string;
    readonly in: string;
    readonly schema?: unknown;
  }>;
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema: unknown }>> };
  readonly responses: Readonly<
    Record<string, { readonly content?: Readonly<Record<string, { readonly schema: unknown }>> }>
  >;
}

/** The REST calls the adapter makes, as `METHOD path` of Qdrant's document. */
export const usedOperations = [
  'get /',
  'get /collections/{collection_name}',
  'put /collections/{collection_name}',
  'delete /collections/{collection_name}',
  'get /collections/{collection_name}/exists',
  'put /collections/{collection_name}/index',
  'put /collections/{collection_name}/points',
  'post /collections/{collection_name}/points/payload',
  'post /collections/{collection_name}/points/delete',
  'post /collections/{collection_name}/points/scroll',
  'post /collections/{collection_name}/points/query',
] as const;

/** Keeps the used operations of Qdrant's document and every schema they reach, unchanged. */
export function extractOpenApiSubset(document: OpenApiDocument): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const entry of usedOperations) {
    const [method, path] = entry.split(' ') as [string, string];
    const operation = document.paths[path]?.[method];
    if (!operation) throw new Error(`Qdrant's document has no ${entry}`);
    paths[path] = { ...paths[path], [method]: operation };
  }
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') {
          const name = inner.slice('#/components/schemas/'.length);
          if (!reached.has(name)) {
            reached.add(name);
            visit(document.components.schemas[name]);
          }
        } else visit(inner);
      }
    }
  };
  visit(paths);
  const schemas = Object.fromEntries(
    [...reached].sort().map((name) => [name, document.components.schemas[name]]),
  );
  return {
    openapi: document.openapi,
    info: { title: document.info.title, version: document.info.version },
    paths,
    components: { schemas },
  };
}
