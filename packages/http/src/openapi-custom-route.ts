import { type Locale, localizeText } from '@opwire/core';
import { takesBody } from './derive-route.js';
import { customRouteCodesByStatus } from './error-responses.js';
import type { CustomRoute } from './http-options.js';
import { problemResponses } from './openapi-problem.js';
import { localizeDescriptions, type OpenApiTexts, openApiTexts } from './openapi-texts.js';

/** The tag of a hand-written route without tags of its own: its path's first segment, dots trimmed. */
export function customRouteTag(path: string): string {
  return path.split('/').find(Boolean)?.replace(/^\.+/, '') || 'routes';
}

/** The OpenAPI operation object of a hand-written route: what it declares, then the HTTP checks' codes. */
export function describeCustomRoute(
  route: CustomRoute,
  context: { readonly authenticates: boolean },
  locale: Locale = 'en',
): Record<string, unknown> {
  const texts = openApiTexts(locale);
  const summary = localizeText(route.summary, locale);
  const description = localizeText(route.description, locale);
  const own = route.parameters ?? [];
  // A path parameter the route describes itself (with its bounds) replaces the plain string one.
  const pathParameters = [...route.path.matchAll(/\{([^{}/]+)\}/g)]
    .filter((match) => !own.some((parameter) => parameter.in === 'path' && parameter.name === match[1]))
    .map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
  const parameters = [...pathParameters, ...own.map((parameter) => localizeDescriptions(parameter, locale))];
  const hasBody = takesBody(route.method);
  const readsQuery = own.some((parameter) => parameter.in === 'query');
  // A path segment the router cannot decode (`%ff`) is refused before the route runs.
  const hasPathParameters = route.path.includes('{');
  // A route that answers the server's refusals itself describes them in its own `responses`; a query it cannot
  // decode is refused while it runs, as a problem.
  const errors = problemResponses(
    route.answerRefusal
      ? customRouteCodesByStatus(
          { public: true, errors: route.errors },
          { authenticates: false, hasBody: false, readsQuery, pathParameters: hasPathParameters },
        )
      : customRouteCodesByStatus(route, {
          ...context,
          hasBody,
          readsQuery,
          pathParameters: hasPathParameters,
        }),
    texts,
  );
  return {
    ...(route.id ? { operationId: route.id } : {}),
    tags: route.tags ?? [customRouteTag(route.path)],
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.requestBody ? { requestBody: localizeDescriptions(route.requestBody, locale) } : {}),
    responses: merge(
      localizeDescriptions(route.responses ?? { '200': { description: texts.ok } }, locale),
      errors,
      texts,
    ),
    ...securityOf(route),
  };
}

/** The operation's `security`: nothing to inherit the document's bearer scheme. */
function securityOf(route: CustomRoute): { security?: unknown[] } {
  switch (route.security ?? (route.public ? 'none' : 'bearer')) {
    case 'none':
      return { security: [] };
    case 'optional':
      return { security: [{}, { bearer: [] }] };
    default:
      return {};
  }
}

/** The route's own responses, with the generated problems of the same status added as another media type. */
function merge(
  own: Readonly<Record<string, unknown>>,
  problems: Record<string, unknown>,
  texts: OpenApiTexts,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...own };
  for (const [status, problem] of Object.entries(problems)) {
    const mine = merged[status] as { description?: string; content?: object } | undefined;
    const generated = problem as { description: string; content: object };
    merged[status] = mine
      ? {
          ...mine,
          description: texts.or(mine.description ?? '', generated.description),
          content: { ...generated.content, ...mine.content },
        }
      : problem;
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}
