import { coreErrors, type Locale, type LocalizedText, localizeText } from '@opwire/core';
import type { ErrorCodeContext } from './error-responses.js';
import type { CustomRoute, OpenApiInfo, OpenApiOptions, OperationRoute } from './http-options.js';
import { type ComponentSchemas, referenceNamedSchemas } from './openapi-components.js';
import { describeCustomRoute } from './openapi-custom-route.js';
import { describeOperation, describeOperationRoute, type OpenApiOperation } from './openapi-operation.js';
import { healthEntry, problemSchema } from './openapi-problem.js';
import { requestIdHeader, withRequestIdHeader } from './openapi-request-id.js';
import { openApiTexts } from './openapi-texts.js';

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: '3.1.0' };

/** What the OpenAPI document is built from. */
export interface OpenApiInput {
  readonly info: OpenApiInfo;
  readonly operations: readonly OpenApiOperation[];
  /** More routes of those operations, each with its own encoding. */
  readonly operationRoutes?: ReadonlyArray<OpenApiOperation & { readonly extra: OperationRoute }>;
  readonly customRoutes: readonly CustomRoute[];
  /** The base path every route is served under (`servers`); custom routes with `prefixed: false` are not. */
  readonly prefix?: string;
  /** Tag descriptions and the server's description and audience. */
  readonly options?: OpenApiOptions;
  readonly context: Omit<ErrorCodeContext, 'hasBody' | 'declared'>;
}

/**
 * Builds the OpenAPI 3.1 document of the generated and hand-written routes, their errors and the bearer
 * scheme. Schemas carrying an `$id` become named components referenced by `$ref`. Operations' summaries
 * and descriptions are in `locale` (English by default), each falling back to English where none is
 * declared in it, and so are the texts the document writes itself (response and header descriptions,
 * the health routes, default tag descriptions); everything else is the same in every locale.
 */
export function createOpenApiDocument(input: OpenApiInput, locale: Locale = 'en'): OpenApiDocument {
  const texts = openApiTexts(locale);
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  const operationIds = new Map<string, string>();
  const add = (path: string, method: string, entry: Record<string, unknown>) => {
    // Clients name their methods after operationIds: OpenAPI requires each to be unique.
    const id = entry.operationId;
    if (typeof id === 'string') {
      const other = operationIds.get(id);
      if (other !== undefined) {
        throw coreErrors.INVALID_CONFIGURATION({
          params: { reason: `OpenAPI: operationId "${id}" is given to both ${other} and ${method} ${path}` },
        });
      }
      operationIds.set(id, `${method} ${path}`);
    }
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = entry;
    for (const tag of (entry.tags ?? []) as string[]) if (!tags.includes(tag)) tags.push(tag);
  };
  // Every answer of an operation or a hand-written route carries the request's id; the health probes do not.
  for (const entry of input.operations)
    add(
      entry.route.path,
      entry.route.method,
      withRequestIdHeader(describeOperation(entry, input.context, locale)),
    );
  for (const entry of input.operationRoutes ?? [])
    add(
      entry.route.path,
      entry.route.method,
      withRequestIdHeader(describeOperationRoute(entry, input.context, locale)),
    );
  for (const route of input.customRoutes) {
    if (route.openapi === false) continue;
    // A route served outside the prefix names its own server (a path item's `servers` wins over the document's).
    if (route.prefixed === false && input.prefix) {
      paths[route.path] = { ...paths[route.path], servers: [{ url: '/' }] };
    }
    add(route.path, route.method, withRequestIdHeader(describeCustomRoute(route, input.context, locale)));
  }
  add('/health/live', 'GET', healthEntry(false, texts));
  add('/health/ready', 'GET', healthEntry(true, texts));
  // The problem schema is named first, so an app's own `Problem` that differs from it fails startup.
  const components: ComponentSchemas = new Map([
    ['Problem', { schema: problemSchema, text: JSON.stringify(problemSchema) }],
  ]);
  const referenced = referenceNamedSchemas(paths, components) as typeof paths;
  const described: Readonly<Record<string, LocalizedText>> = {
    health: texts.healthTag,
    ...input.options?.tags,
  };
  const server = input.options?.server;
  const serverDescription = localizeText(server?.description, locale);
  // The app's order kept; its texts in the document's language.
  const info = Object.fromEntries(
    Object.entries(input.info).map(([key, value]) => [
      key,
      key === 'title' || key === 'summary' || key === 'description'
        ? localizeText(value as LocalizedText, locale)
        : value,
    ]),
  );
  return {
    openapi: '3.1.0',
    info,
    // Relative to where the document was fetched from, so a proxy or a mount under another path keeps it true.
    servers: [
      {
        url: input.prefix || '/',
        ...(serverDescription ? { description: serverDescription } : {}),
        ...(server?.internal === undefined ? {} : { 'x-internal': server.internal }),
      },
    ],
    tags: tags.map((name) => ({
      name,
      description: localizeText(described[name], locale) ?? texts.routesOf(name),
    })),
    paths: referenced,
    components: {
      schemas: Object.fromEntries([...components].map(([name, { schema }]) => [name, schema])),
      headers: { 'X-Request-Id': { description: texts.requestId, ...requestIdHeader } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}
