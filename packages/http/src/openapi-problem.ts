import type { AnyErrorEntry } from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import { headerName } from './header-name.js';
import { type OpenApiTexts, openApiTexts } from './openapi-texts.js';

/** The `Problem` component: an RFC 9457 problem document as Opwire writes it. */
export const problemSchema = {
  title: 'Problem',
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri-reference' },
    title: { type: 'string' },
    status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
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
    data: {
      type: 'object',
      additionalProperties: true,
      description: "The error's own details, as its catalogue entry's `data` schema declares them.",
    },
  },
};

/**
 * A problem+json response; with `codes`, the `code` property is narrowed to them, and with `entries`, the
 * `data` of each code whose entry declares a `data` schema is that schema (the code implies the data).
 */
export function problemResponse(
  description: string,
  codes: readonly string[] | undefined,
  entries: readonly AnyErrorEntry[] = [],
) {
  const dataOf = entries.flatMap((entry) =>
    entry.data === undefined
      ? []
      : [
          // Another code, or this code's data: `code` X implies `data` as X declares it.
          {
            anyOf: [
              { properties: { code: { not: { const: entry.code } } } },
              { properties: { data: toJsonSchema(entry.data) }, required: ['data'] },
            ],
          },
        ],
  );
  const schema =
    codes === undefined
      ? { $ref: '#/components/schemas/Problem' }
      : {
          allOf: [
            { $ref: '#/components/schemas/Problem' },
            { type: 'object', properties: { code: { enum: codes } } },
            ...dataOf,
          ],
        };
  return { description, content: { 'application/problem+json': { schema } } };
}

/**
 * The problem responses of codes grouped by status, each described by its title and codes, with the
 * headers its codes declare they send.
 */
export function problemResponses(
  byStatus: ReadonlyMap<string, readonly AnyErrorEntry[]>,
  texts: OpenApiTexts = openApiTexts('en'),
): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, entries] of byStatus) {
    const codes = entries.map((entry) => entry.code);
    const response: Record<string, unknown> = problemResponse(texts.problems(status, codes), codes, entries);
    const headers: Record<string, unknown> = {};
    // Every 401 names the scheme to authenticate with (RFC 9110, section 11.6.1).
    if (status === '401') {
      headers['WWW-Authenticate'] = {
        description: texts.wwwAuthenticate,
        required: true,
        schema: { type: 'string' },
      };
    }
    for (const name of new Set(entries.flatMap((entry) => entry.headers))) {
      const sentWith = entries.filter((entry) => entry.headers.includes(name)).map((entry) => entry.code);
      headers[headerName(name)] = { description: texts.sentWith(sentWith), schema: { type: 'string' } };
    }
    if (Object.keys(headers).length > 0) response.headers = headers;
    responses[status] = response;
  }
  return responses;
}

/** The entry of `GET /health/live` or `GET /health/ready`. */
export function healthEntry(ready: boolean, texts: OpenApiTexts = openApiTexts('en')) {
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
  const ok = { description: texts.ok, content: { 'application/json': { schema } } };
  return {
    operationId: ready ? 'health.ready' : 'health.live',
    summary: ready ? texts.ready : texts.live,
    tags: ['health'],
    security: [],
    responses: ready
      ? {
          '200': ok,
          '503': {
            description: texts.notReady,
            content: { 'application/json': { schema } },
          },
        }
      : { '200': ok },
  };
}
