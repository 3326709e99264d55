import {
  type AnyErrorEntry,
  type AnyOperation,
  type DocumentedResponseHeader,
  type Locale,
  localizeText,
  type MiddlewareRequestHeader,
} from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import { type RouteSpec, takesBody } from './derive-route.js';
import { type ErrorCodeContext, errorCodesByStatus } from './error-responses.js';
import { headerName } from './header-name.js';
import type { OperationRoute } from './http-options.js';
import { problemResponses } from './openapi-problem.js';
import { localizeDescriptions, openApiTexts } from './openapi-texts.js';

/** One served operation as the OpenAPI document describes it. */
export interface OpenApiOperation {
  readonly operation: AnyOperation;
  readonly route: RouteSpec;
  /** The codes the operation and its middleware declare. */
  readonly errors: readonly AnyErrorEntry[];
  /** Response headers its middleware may set, with the answers they come on. */
  readonly headers: readonly DocumentedResponseHeader[];
  /** Request headers its middleware reads. */
  readonly requestHeaders: readonly MiddlewareRequestHeader[];
}

/** The tag of an operation: its id without the last segment (`orders` for `orders.create`). */
export function tagOf(operationId: string): string {
  return operationId.split('.').slice(0, -1).join('.') || operationId;
}

/**
 * The OpenAPI operation object of an operation's own route, its summary and description in `locale`
 * (each falling back to English where the operation declares none in it).
 */
export function describeOperation(
  { operation, route, errors, headers, requestHeaders }: OpenApiOperation,
  context: Omit<ErrorCodeContext, 'hasBody' | 'declared'>,
  locale: Locale = 'en',
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
  for (const header of requestHeaders) {
    parameters.push({
      name: headerName(header.name),
      in: 'header',
      required: false,
      description: localizeText(header.description, locale),
      schema: header.schema ?? { type: 'string' },
    });
  }
  const entry: Record<string, unknown> = { operationId: operation.id, tags: [tagOf(operation.id)] };
  const summary = localizeText(operation.summary, locale);
  const description = localizeText(operation.description, locale);
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
    // A body without the path's fields is not the named request schema any more.
    if (route.pathParameters.length > 0) delete schema.$id;
    entry.requestBody = { required: bodyRequired.length > 0, content: { 'application/json': { schema } } };
  }
  const texts = openApiTexts(locale);
  const response = toJsonSchema(operation.response);
  const responses: Record<string, unknown> = {
    [String(route.successStatus)]: operation.stream
      ? { description: texts.eventStream, content: { 'text/event-stream': { schema: response } } }
      : {
          description: route.successStatus === 201 ? texts.created : texts.ok,
          content: { 'application/json': { schema: response } },
        },
    // A response schema that admits any value admits none: a handler returning nothing is answered 204.
    ...(!operation.stream && admitsAnyValue(response) ? { '204': { description: texts.noContent } } : {}),
  };
  const failures = errorCodesByStatus(operation, {
    eventStream: operation.stream === true,
    pathParameters: route.path.includes('{'),
    ...context,
    hasBody,
    declared: errors,
  });
  Object.assign(responses, problemResponses(failures, texts));
  // Each middleware header on the answers it comes with: a success's, or those of the codes it is sent with.
  for (const [status, response] of Object.entries(responses) as Array<[string, Record<string, unknown>]>) {
    const codes = failures.get(status)?.map((entry) => entry.code);
    const documented: Record<string, unknown> = {};
    for (const header of headers) {
      const sentWith =
        codes === undefined || header.errors === 'all'
          ? []
          : codes.filter((code) => (header.errors as readonly string[]).includes(code));
      if (codes === undefined ? !header.success : header.errors !== 'all' && sentWith.length === 0) continue;
      documented[headerName(header.name)] = {
        description: texts.setByMiddleware(sentWith),
        schema: { type: 'string' },
      };
    }
    if (Object.keys(documented).length > 0)
      response.headers = { ...(response.headers as object | undefined), ...documented };
  }
  entry.responses = responses;
  if (operation.public) entry.security = [{}, { bearer: [] }];
  if (operation.permission) entry['x-opwire-permission'] = operation.permission;
  entry['x-opwire-stability'] = operation.stability;
  return entry;
}

/** An operation's extra route: the operation's entry with the route's own id, body and success answers. */
export function describeOperationRoute(
  entry: OpenApiOperation & { readonly extra: OperationRoute },
  context: Omit<ErrorCodeContext, 'hasBody' | 'declared'>,
  locale: Locale = 'en',
): Record<string, unknown> {
  // The route's own encoding answers whatever it is asked for: no event stream, so no NOT_ACCEPTABLE.
  const described = describeOperation(entry, { ...context, eventStream: false }, locale);
  const { extra } = entry;
  const responses = { ...(described.responses as Record<string, unknown>) };
  if (extra.responses) {
    for (const status of Object.keys(responses)) if (status.startsWith('2')) delete responses[status];
    Object.assign(responses, localizeDescriptions(extra.responses, locale));
  }
  return {
    ...described,
    operationId: extra.id,
    ...(extra.summary ? { summary: localizeText(extra.summary, locale) } : {}),
    ...(extra.requestBody ? { requestBody: localizeDescriptions(extra.requestBody, locale) } : {}),
    responses,
  };
}

const annotations = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated']);

/** Whether a JSON schema constrains nothing (`Type.Any()`, `Type.Unknown()`), `undefined` included. */
function admitsAnyValue(schema: Record<string, unknown>): boolean {
  return Object.keys(schema).every((key) => annotations.has(key));
}
