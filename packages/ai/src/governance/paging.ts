import { coreErrors } from '@opwire/core';

/** One page of a list: the items and, when there are more, the cursor of the next page. */
export interface Page {
  /** How many items at most (1 to 500). */
  readonly limit: number;
  /** The `next` of the previous page; absent for the first page. */
  readonly cursor?: string;
}

/** Encodes a position in a list as an opaque, URL-safe cursor. */
export function encodeCursor(position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor into the position `shape` describes (`'s'` a string, `'n'` a whole number); anything
 * else, such as a cursor of another list, fails with `INVALID_FORMAT` on `cursor`.
 */
export function decodeCursor<const Shape extends readonly ('s' | 'n')[]>(
  cursor: string,
  shape: Shape,
): { [Index in keyof Shape]: Shape[Index] extends 's' ? string : number } {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  const fits =
    Array.isArray(position) &&
    position.length === shape.length &&
    position.every((value, index) =>
      shape[index] === 's' ? typeof value === 'string' : Number.isSafeInteger(value),
    );
  if (!fits) {
    throw coreErrors.INVALID_FORMAT({
      field: 'cursor',
      params: { expected: 'the `next` value of a previous page of this list' },
    });
  }
  return position as never;
}

/** Rejects a page size outside 1 to 500 with `OUT_OF_RANGE` on `limit`. */
export function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'limit',
      params: { expected: 'a whole number from 1 to 500' },
    });
  }
}

/** An ISO timestamp normalized to UTC with milliseconds, or `INVALID_FORMAT` on `field`. */
export function normalizeTime(value: string, field: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw coreErrors.INVALID_FORMAT({ field, params: { expected: 'an ISO 8601 timestamp' } });
  }
  return new Date(time).toISOString();
}

/** Orders `[time, id]` positions newest first: positive when `left` comes after `right`. */
export function newestFirst(left: readonly [string, string], right: readonly [string, string]): number {
  if (left[0] !== right[0]) return left[0] < right[0] ? 1 : -1;
  if (left[1] !== right[1]) return left[1] < right[1] ? 1 : -1;
  return 0;
}
