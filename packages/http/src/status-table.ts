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
  not_acceptable: { status: 406, title: 'Not Acceptable' },
  rule: { status: 422, title: 'Unprocessable Content' },
  limited: { status: 429, title: 'Too Many Requests' },
  cancelled: { status: 499, title: 'Client Closed Request' },
  internal: { status: 500, title: 'Internal Server Error' },
  upstream: { status: 502, title: 'Bad Gateway' },
  unavailable: { status: 503, title: 'Service Unavailable' },
  timeout: { status: 504, title: 'Gateway Timeout' },
};

/** The HTTP status of an error, or of a catalogue entry: one row of the table per kind. */
export function statusOf(error: { readonly kind: ErrorKind }): number {
  return (statusTable[error.kind] ?? statusTable.internal).status;
}
