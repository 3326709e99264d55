import { type AnyErrorEntry, type AnyOperation, localizeText } from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import { type RouteSpec, takesBody } from './derive-route.js';
import { type ErrorCodeContext, errorCodesByStatus } from './error-responses.js';
import type { CustomRoute, OperationRoute } from './http-options.js';
import { statusTable } from './status-table.js';

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { readonly openapi: '3.1.0' };

/** What the OpenAPI document is built from. */
export interface OpenApiInput {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly operations: ReadonlyArray<{
    readonly operation: AnyOperation;
    readonly route: RouteSpec;
    /** The codes the operation and its middleware declare. */
    readonly errors: readonly AnyErrorEntry[];
    /** Response headers its middleware may set. */
    readonly headers: readonly string[];
  }>;
  /** More routes of those operations, each with its own encoding. */
  readonly operationRoutes?: ReadonlyArray<
    OpenApiInput['operations'][number] & { readonly extra: OperationRoute }
  >;
  readonly customRoutes: readonly CustomRoute[];
  /** The base path every route is served under (`servers`); custom routes with `prefixed: false` are not. */
  readonly prefix?: string;
  readonly context: Omit<ErrorCodeContext, 'hasBody' | 'declared'>;
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
  for (const entry of input.operations)
    add(entry.route.path, entry.route.method, describeOperation(entry, input));
  for (const entry of input.operationRoutes ?? [])
    add(entry.route.path, entry.route.method, describeOperationRoute(entry, input));
  for (const route of input.customRoutes) {
    if (route.openapi === false) continue;
    // A route served outside the prefix names its own server (a path item's `servers` wins over the document's).
    if (route.prefixed === false && input.prefix) {
      paths[route.path] = { ...paths[route.path], servers: [{ url: '/' }] };
    }
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
    // Relative to where the document was fetched from, so a proxy or a mount under another path keeps it true.
    servers: [{ url: input.prefix || '/' }],
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}

function describeOperation(
  { operation, route, errors, headers }: OpenApiInput['operations'][number],
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
    [String(route.successStatus)]: operation.stream
      ? {
          description:
            'Server-sent events: each named by its `type`, its data one JSON object of this schema; a failure mid-stream ends with an `error` event carrying the problem.',
          content: { 'text/event-stream': { schema: toJsonSchema(operation.response) } },
        }
      : {
          description: route.successStatus === 201 ? 'Created' : 'OK',
          content: { 'application/json': { schema: toJsonSchema(operation.response) } },
        },
  };
  for (const [status, codes] of errorCodesByStatus(operation, {
    ...input.context,
    hasBody,
    declared: errors,
  })) {
    const title = Object.values(statusTable).find((row) => String(row.status) === status)?.title ?? 'Error';
    responses[status] = problemResponse(`${title}: ${codes.join(', ')}`, codes);
  }
  if (headers.length > 0) {
    const documented = Object.fromEntries(
      headers.map((name) => [
        name,
        { description: 'Set by middleware when it applies.', schema: { type: 'string' } },
      ]),
    );
    for (const response of Object.values(responses))
      (response as Record<string, unknown>).headers = documented;
  }
  entry.responses = responses;
  if (operation.public) entry.security = [{}, { bearer: [] }];
  if (operation.permission) entry['x-opwire-permission'] = operation.permission;
  entry['x-opwire-stability'] = operation.stability;
  return entry;
}

/** An operation's extra route: the operation's entry with the route's own id, body and success answers. */
function describeOperationRoute(
  entry: OpenApiInput['operations'][number] & { readonly extra: OperationRoute },
  input: OpenApiInput,
): Record<string, unknown> {
  const described = describeOperation(entry, input);
  const { extra } = entry;
  const responses = { ...(described.responses as Record<string, unknown>) };
  if (extra.responses) {
    for (const status of Object.keys(responses)) if (status.startsWith('2')) delete responses[status];
    Object.assign(responses, extra.responses);
  }
  return {
    ...described,
    operationId: extra.id,
    ...(extra.summary ? { summary: extra.summary } : {}),
    ...(extra.requestBody ? { requestBody: extra.requestBody } : {}),
    responses,
  };
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
