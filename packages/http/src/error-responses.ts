import type { AnyOperation } from '@opwire/core';
import { statusOf } from './status-table.js';

const validationCodes = [
  'INVALID_REQUEST',
  'MISSING_FIELD',
  'WRONG_TYPE',
  'NULL_NOT_ALLOWED',
  'INVALID_ENUM',
  'UNKNOWN_FIELD',
  'OUT_OF_RANGE',
  'INVALID_FORMAT',
];
const bodyCodes = ['MALFORMED_JSON', 'PROTOTYPE_POISONING', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'];

/** What an operation's route can fail with besides its own declared codes. */
export interface ErrorCodeContext {
  readonly hasBody: boolean;
  readonly authenticates: boolean;
  readonly hasDeadline: boolean;
}

/** Every code an operation's route can answer with, grouped by HTTP status (as strings, sorted). */
export function errorCodesByStatus(
  operation: AnyOperation,
  context: ErrorCodeContext,
): Map<string, string[]> {
  const codes = [
    ...validationCodes,
    ...(context.hasBody ? bodyCodes : ['PROTOTYPE_POISONING']),
    'UNAUTHENTICATED',
    ...(operation.permission ? ['PERMISSION_DENIED'] : []),
    ...(context.authenticates ? ['UNAVAILABLE'] : []),
    ...(context.hasDeadline ? ['DEADLINE_EXCEEDED'] : []),
    ...operation.errors,
    'INTERNAL',
  ];
  const byStatus = new Map<string, string[]>();
  for (const code of new Set(codes)) {
    const status = String(statusOf(code));
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
