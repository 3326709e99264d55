import { type AnyOperation, coreErrors, type HttpMethod } from '@opwire/core';

/** Where an operation is served: method, OpenAPI-style path (`/orders/{id}`) and success status. */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly pathParameters: readonly string[];
  readonly successStatus: 200 | 201;
  /** The operation's own body limit in bytes (`http.bodyLimit`), over the server's. */
  readonly bodyLimit?: number | undefined;
}

const parameterPattern = /\{([^{}/]+)\}/g;

/**
 * Derives an operation's route from its id (`orders.create` → `POST /orders`), then applies the
 * operation's `http.method` / `http.path` overrides; path parameters must be request fields.
 */
export function deriveRoute(operation: AnyOperation): RouteSpec {
  const segments = operation.id.split('.').map(toKebabCase);
  const verb = segments.pop() as string;
  const resource = `/${segments.join('/')}`;
  const properties = (operation.request as { properties?: Record<string, unknown> }).properties ?? {};
  const hasId = Object.hasOwn(properties, 'id');
  const [defaultMethod, defaultPath] = defaultRoute(verb, resource, hasId);
  const method = operation.http?.method ?? defaultMethod;
  const path = operation.http?.path ?? defaultPath;
  const fail = (reason: string): never => {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `operation "${operation.id}": ${reason}` },
    });
  };
  if (!path.startsWith('/') || /[\s?#:*]/.test(path)) {
    fail(`http.path "${path}" must start with "/" and use {name} for parameters`);
  }
  const pathParameters = [...path.matchAll(parameterPattern)].map((match) => match[1] as string);
  for (const name of pathParameters) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`path parameter "${name}" must be an identifier`);
    if (!Object.hasOwn(properties, name)) fail(`path parameter "${name}" is not a field of the request`);
    // A path segment is one piece of text: it can carry a scalar, never an object or an array.
    if (!fitsQuery(properties[name] as Record<string, unknown>, false)) {
      fail(
        `path parameter "${name}" is bound to a field a path segment cannot carry (an object or an array)`,
      );
    }
  }
  if (new Set(pathParameters).size !== pathParameters.length) fail(`http.path "${path}" repeats a parameter`);
  const successStatus = method === 'POST' && verb === 'create' ? 201 : 200;
  const bodyLimit = operation.http?.bodyLimit;
  if (bodyLimit !== undefined && (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1)) {
    fail(`http.bodyLimit must be a whole number of bytes from 1, not ${bodyLimit}`);
  }
  return { method, path, pathParameters, successStatus, bodyLimit };
}

function defaultRoute(verb: string, resource: string, hasId: boolean): [HttpMethod, string] {
  const item = hasId ? `${resource}/{id}` : resource;
  switch (verb) {
    case 'list':
      return ['GET', resource];
    case 'get':
      return ['GET', item];
    case 'create':
      return ['POST', resource];
    case 'update':
      return ['PATCH', item];
    case 'delete':
      return ['DELETE', item];
    default:
      return ['POST', `${item}/${verb}`];
  }
}

/**
 * Fails at startup when a route that takes its input from the query string (`GET`, `DELETE`) has a request
 * field a query string cannot carry: an object, or an array of anything but scalars. Such a field would be
 * documented as a query parameter that no client can send; the operation should take a body (`http.method`)
 * or flatten the field.
 */
export function checkQueryFields(operation: AnyOperation, route: RouteSpec): void {
  if (takesBody(route.method)) return;
  const properties =
    (operation.request as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  for (const [name, field] of Object.entries(properties)) {
    if (route.pathParameters.includes(name) || fitsQuery(field, true)) continue;
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason:
          `operation "${operation.id}": ${route.method} ${route.path} takes its input from the query string, ` +
          `which cannot carry the field "${name}" (objects and arrays of non-scalars need a JSON body); ` +
          `serve it with a body (http: { method: 'POST' }) or flatten the field`,
      },
    });
  }
}

/**
 * Whether a value of this schema can be written as query parameters: scalars, and (at the top) arrays of them.
 * With `top` false, only scalars: what one path segment or one query value carries.
 */
function fitsQuery(schema: Record<string, unknown>, top: boolean): boolean {
  const members = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (Array.isArray(members)) return members.every((member) => fitsQuery(member, top));
  const type = schema.type;
  if (Array.isArray(type)) return type.every((each) => fitsQuery({ type: each }, top));
  if (type === 'object') return false;
  if (type === 'array') {
    const items = schema.items;
    return (
      top &&
      (items === undefined ||
        (typeof items === 'object' && items !== null && fitsQuery(items as Record<string, unknown>, false)))
    );
  }
  return true;
}

/** Whether a route of this method takes its input as a JSON body (`GET` and `DELETE` take the query). */
export function takesBody(method: string): boolean {
  return method !== 'GET' && method !== 'DELETE';
}

/** Turns an OpenAPI-style path (`/orders/{id}`) into the router's syntax (`/orders/:id`). */
export function toRouterPath(path: string): string {
  return path.replace(parameterPattern, (_match, name: string) => `:${name}`);
}

function toKebabCase(segment: string): string {
  return segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
