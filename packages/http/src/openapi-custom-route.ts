import { takesBody } from './derive-route.js';
import { customRouteCodesByStatus } from './error-responses.js';
import type { CustomRoute } from './http-options.js';
import { problemResponses } from './openapi-problem.js';

/** The tag of a hand-written route without tags of its own: its path's first segment, dots trimmed. */
export function customRouteTag(path: string): string {
  return path.split('/').find(Boolean)?.replace(/^\.+/, '') || 'routes';
}

/** The OpenAPI operation object of a hand-written route: what it declares, then the HTTP checks' codes. */
export function describeCustomRoute(
  route: CustomRoute,
  context: { readonly authenticates: boolean },
): Record<string, unknown> {
  const pathParameters = [...route.path.matchAll(/\{([^{}/]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [...pathParameters, ...(route.parameters ?? [])];
  const hasBody = takesBody(route.method);
  const errors = problemResponses(customRouteCodesByStatus(route, { ...context, hasBody }));
  return {
    ...(route.id ? { operationId: route.id } : {}),
    tags: route.tags ?? [customRouteTag(route.path)],
    ...(route.summary ? { summary: route.summary } : {}),
    ...(route.description ? { description: route.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.requestBody ? { requestBody: route.requestBody } : {}),
    // What the route writes itself wins over the generated problem of the same status.
    responses: { ...(route.responses ?? { '200': { description: 'OK' } }), ...omit(errors, route.responses) },
    ...(route.public ? { security: [] } : {}),
  };
}

function omit(
  responses: Record<string, unknown>,
  own: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(responses).filter(([status]) => !own || !(status in own)));
}
