import type { ErrorKind } from '@opwire/core';

/** The one table from an error kind to its HTTP status and problem title. */
export const statusTable: Readonly<Record<ErrorKind, { readonly status: number; readonly title: string }>> = {
  invalid: { status: 400, title: 'Bad Request' },
  unauthenticated: { status: 401, title: 'Unauthorized' },
  denied: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  method: { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  too_large: { status: 413, title: 'Content Too Large' },
  unsupported: { status: 415, title: 'Unsupported Media Type' },
  rule: { status: 422, title: 'Unprocessable Content' },
  limited: { status: 429, title: 'Too Many Requests' },
  cancelled: { status: 499, title: 'Client Closed Request' },
  internal: { status: 500, title: 'Internal Server Error' },
  upstream: { status: 502, title: 'Bad Gateway' },
  unavailable: { status: 503, title: 'Service Unavailable' },
  timeout: { status: 504, title: 'Gateway Timeout' },
};

/**
 * The one code whose status no kind has: `NOT_ACCEPTABLE`, which only the HTTP surface raises (a kind of its own
 * would need a row in every surface's table, MCP's too, for an answer no other surface gives).
 */
const notAcceptable = { status: 406, title: 'Not Acceptable' } as const;

/** The HTTP status and problem title of an error, or of a catalogue entry: its kind's row of the table. */
export function statusRowOf(error: { readonly kind: ErrorKind; readonly code?: string }): {
  readonly status: number;
  readonly title: string;
} {
  if (error.code === 'NOT_ACCEPTABLE' && error.kind === 'unsupported') return notAcceptable;
  return statusTable[error.kind] ?? statusTable.internal;
}

/** The HTTP status of an error, or of a catalogue entry: one row of the table per kind. */
export function statusOf(error: { readonly kind: ErrorKind; readonly code?: string }): number {
  return statusRowOf(error).status;
}
