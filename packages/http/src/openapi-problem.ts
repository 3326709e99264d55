import type { AnyErrorEntry } from '@opwire/core';
import { toJsonSchema } from '@opwire/core/surface';
import { headerName } from './header-name.js';
import { statusTable } from './status-table.js';

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

const wwwAuthenticate = {
  description: '`Bearer`, or `Bearer error="invalid_token"` when a Bearer token sent was refused.',
  required: true,
  schema: { type: 'string' },
};

/**
 * The problem responses of codes grouped by status, each described by its title and codes, with the
 * headers its codes declare they send.
 */
export function problemResponses(
  byStatus: ReadonlyMap<string, readonly AnyErrorEntry[]>,
): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, entries] of byStatus) {
    const codes = entries.map((entry) => entry.code);
    const title = Object.values(statusTable).find((row) => String(row.status) === status)?.title ?? 'Error';
    const response: Record<string, unknown> = problemResponse(
      `${title}: ${codes.join(', ')}`,
      codes,
      entries,
    );
    const headers: Record<string, unknown> = {};
    // Every 401 names the scheme to authenticate with (RFC 9110, section 11.6.1).
    if (status === '401') headers['WWW-Authenticate'] = wwwAuthenticate;
    for (const name of new Set(entries.flatMap((entry) => entry.headers))) {
      const sentWith = entries.filter((entry) => entry.headers.includes(name)).map((entry) => entry.code);
      headers[headerName(name)] = {
        description: `Sent with ${sentWith.join(', ')}.`,
        schema: { type: 'string' },
      };
    }
    if (Object.keys(headers).length > 0) response.headers = headers;
    responses[status] = response;
  }
  return responses;
}

/** The entry of `GET /health/live` or `GET /health/ready`. */
export function healthEntry(summary: string, ready: boolean) {
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
          '503': {
            description: 'A critical item is degraded, or the server is shutting down (SHUTTING_DOWN)',
            content: { 'application/json': { schema } },
          },
        }
      : { '200': ok },
  };
}
