import { type AnyOperation, localizeText } from '@opwire/core';
import { type RouteSpec, takesBody } from './derive-route.js';
import { type ErrorCodeContext, errorCodesByStatus } from './error-responses.js';
import type { CustomRoute } from './http-options.js';
import { statusTable } from './status-table.js';
import { toJsonSchema } from './to-json-schema.js';

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: '3.1.0' };

/** What the OpenAPI document is built from. */
export interface OpenApiInput {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly operations: ReadonlyArray<{ readonly operation: AnyOperation; readonly route: RouteSpec }>;
  readonly customRoutes: readonly CustomRoute[];
  readonly context: Omit<ErrorCodeContext, 'hasBody'>;
}

const problemSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri-reference' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'Localized by Accept-Language or the caller locale.' },
    code: { type: 'string', description: 'The stable Opwire error code.' },
    field: {
      type: 'string',
      description: 'The request field a non-validation error is about, when there is one.',
    },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'field', 'pointer', 'detail'],
        properties: {
          code: { type: 'string' },
          field: { type: 'string' },
          pointer: { type: 'string', description: 'JSON Pointer into the request.' },
          detail: { type: 'string' },
        },
      },
    },
    data: { type: 'object' },
  },
};

/** Builds the OpenAPI 3.1 document of the generated routes, their errors and the bearer scheme. */
export function createOpenApiDocument(input: OpenApiInput): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, method: string, entry: unknown) => {
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = entry;
  };
  for (const { operation, route } of input.operations)
    add(route.path, route.method, describeOperation(operation, route, input));
  for (const route of input.customRoutes) {
    add(route.path, route.method, {
      ...(route.summary ? { summary: route.summary } : {}),
      parameters: [...route.path.matchAll(/\{([^{}/]+)\}/g)].map((match) => ({
        name: match[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      responses: { '200': { description: 'OK' }, default: problemResponse('Error', undefined) },
      ...(route.public ? { security: [] } : {}),
    });
  }
  add('/health/live', 'GET', healthEntry('The process is serving.', false));
  add(
    '/health/ready',
    'GET',
    healthEntry(
      'Readiness from the last probe of the health items: 503 when a critical item is degraded, 200 otherwise.',
      true,
    ),
  );
  return {
    openapi: '3.1.0',
    info: input.info,
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}

function describeOperation(
  operation: AnyOperation,
  route: RouteSpec,
  input: OpenApiInput,
): Record<string, unknown> {
  const request = toJsonSchema(operation.request);
  const properties = (request.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((request.required ?? []) as string[]);
  const hasBody = takesBody(route.method);
  const parameters: unknown[] = route.pathParameters.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name],
  }));
  const rest = Object.keys(properties).filter((name) => !route.pathParameters.includes(name));
  if (!hasBody) {
    for (const name of rest)
      parameters.push({ name, in: 'query', required: required.has(name), schema: properties[name] });
  }
  const entry: Record<string, unknown> = {
    operationId: operation.id,
    tags: [operation.id.split('.').slice(0, -1).join('.')],
  };
  const summary = localizeText(operation.summary, 'en');
  const description = localizeText(operation.description, 'en');
  if (summary) entry.summary = summary;
  if (description) entry.description = description;
  if (parameters.length > 0) entry.parameters = parameters;
  if (hasBody && rest.length > 0) {
    const bodyRequired = rest.filter((name) => required.has(name));
    const schema: Record<string, unknown> = {
      ...request,
      properties: Object.fromEntries(rest.map((name) => [name, properties[name]])),
    };
    if (bodyRequired.length > 0) schema.required = bodyRequired;
    else delete schema.required;
    entry.requestBody = { required: bodyRequired.length > 0, content: { 'application/json': { schema } } };
  }
  const responses: Record<string, unknown> = {
    [String(route.successStatus)]: {
      description: route.successStatus === 201 ? 'Created' : 'OK',
      content: { 'application/json': { schema: toJsonSchema(operation.response) } },
    },
  };
  for (const [status, codes] of errorCodesByStatus(operation, { ...input.context, hasBody })) {
    const title = Object.values(statusTable).find((row) => String(row.status) === status)?.title ?? 'Error';
    responses[status] = problemResponse(`${title}: ${codes.join(', ')}`, codes);
  }
  entry.responses = responses;
  if (operation.public) entry.security = [{}, { bearer: [] }];
  if (operation.permission) entry['x-opwire-permission'] = operation.permission;
  entry['x-opwire-stability'] = operation.stability;
  return entry;
}

function problemResponse(description: string, codes: readonly string[] | undefined) {
  const schema =
    codes === undefined
      ? { $ref: '#/components/schemas/Problem' }
      : {
          allOf: [
            { $ref: '#/components/schemas/Problem' },
            { type: 'object', properties: { code: { enum: codes } } },
          ],
        };
  return { description, content: { 'application/problem+json': { schema } } };
}

function healthEntry(summary: string, ready: boolean) {
  const check = {
    type: 'object',
    required: ['name', 'critical', 'status'],
    properties: {
      name: { type: 'string' },
      critical: { type: 'boolean' },
      status: { enum: ['ready', 'degraded'] },
      code: { type: 'string' },
    },
  };
  const schema = ready
    ? {
        type: 'object',
        required: ['status', 'checks'],
        properties: {
          status: { enum: ['ready', 'degraded', 'unavailable'] },
          checks: { type: 'array', items: check },
        },
      }
    : { type: 'object', required: ['status'], properties: { status: { const: 'live' } } };
  const ok = { description: 'OK', content: { 'application/json': { schema } } };
  return {
    operationId: ready ? 'health.ready' : 'health.live',
    summary,
    tags: ['health'],
    security: [],
    responses: ready
      ? {
          '200': ok,
          '503': { description: 'A critical item is degraded', content: { 'application/json': { schema } } },
        }
      : { '200': ok },
  };
}
