import { badTextIn, coreErrors, type OpwireError } from '@opwire/core';
import { earliestTime, latestTime, parseTimestamp } from '@opwire/core/surface';

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
 * Decodes a cursor into the position `shape` describes (`'t'` an ISO 8601 timestamp, `'s'` a string,
 * `'n'` a whole number); anything else, such as a cursor of another list or one edited by hand, fails
 * with `INVALID_FORMAT` on `cursor`, so a store never receives a position its database would refuse.
 */
export function decodeCursor<const Shape extends readonly ('t' | 's' | 'n')[]>(
  cursor: string,
  shape: Shape,
): { [Index in keyof Shape]: Shape[Index] extends 'n' ? number : string } {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  const fits =
    Array.isArray(position) &&
    position.length === shape.length &&
    position.every((value, index) => fitsKind(shape[index], value));
  if (!fits) throw invalidCursor();
  return position as never;
}

/**
 * The error of a cursor that is not the `next` of a previous page of this list as this caller sees it (malformed,
 * edited, of another list, or naming what the caller cannot see): `INVALID_FORMAT` on `cursor`, a 400.
 */
export function invalidCursor(): OpwireError {
  return coreErrors.INVALID_FORMAT({
    field: 'cursor',
    params: {
      expected: {
        en: 'the `next` value of a previous page of this list',
        'zh-CN': '此列表上一页返回的 `next` 值',
      },
    },
  });
}

/**
 * A time as the lists write it (`toISOString`, years 0001 to 9999): JavaScript also reads February 30 or
 * year 0, which PostgreSQL refuses.
 */
function isListTime(value: string): boolean {
  const time = Date.parse(value);
  return time >= earliestTime && time <= latestTime && new Date(time).toISOString() === value;
}

function fitsKind(kind: 't' | 's' | 'n' | undefined, value: unknown): boolean {
  if (kind === 'n') return Number.isSafeInteger(value);
  // Text a database column can hold, as validation requires of requests: no NUL, no lone surrogate.
  if (typeof value !== 'string' || badTextIn(value) !== undefined) return false;
  return kind === 's' || (kind === 't' && isListTime(value));
}

/** Rejects a page size outside 1 to 500 with `OUT_OF_RANGE` on `limit`. */
export function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
    throw coreErrors.OUT_OF_RANGE({
      field: 'limit',
      params: { expected: { en: 'a whole number from 1 to 500', 'zh-CN': '1 到 500 之间的整数' } },
    });
  }
}

/**
 * An RFC 3339 timestamp (`parseTimestamp`) normalized to UTC with milliseconds, or `INVALID_FORMAT` on `field`; a
 * time outside the years 0001 to 9999 in UTC (which PostgreSQL's `timestamptz` and `toISOString` cannot both hold)
 * is `OUT_OF_RANGE`.
 */
export function normalizeTime(value: string, field: string): string {
  return new Date(parseTimestamp(value, field)).toISOString();
}

/** Orders `[time, id]` positions newest first: positive when `left` comes after `right`. */
export function newestFirst(left: readonly [string, string], right: readonly [string, string]): number {
  if (left[0] !== right[0]) return left[0] < right[0] ? 1 : -1;
  if (left[1] !== right[1]) return left[1] < right[1] ? 1 : -1;
  return 0;
}

/** The largest message sequence number a store keeps (PostgreSQL's `integer`, which the stores' columns are). */
export const maxSequence = 2_147_483_647;

/** A message sequence number to remove after: a whole number from 0, else `OUT_OF_RANGE` on `after`. */
export function checkSequence(after: number): void {
  checkSequenceIn('after', after, 0);
}

/**
 * A message sequence number to read before: a whole number from 1 to `maxSequence`, else `OUT_OF_RANGE` on
 * `before`, so every store answers it alike (PostgreSQL would refuse one past its `integer`).
 */
export function checkBefore(before: number): void {
  checkSequenceIn('before', before, 1);
}

function checkSequenceIn(field: string, value: number, minimum: number): void {
  if (!Number.isSafeInteger(value) || value < minimum || value > maxSequence) {
    throw coreErrors.OUT_OF_RANGE({
      field,
      params: {
        expected: {
          en: `a whole number from ${minimum} to ${maxSequence}`,
          'zh-CN': `${minimum} 到 ${maxSequence} 之间的整数`,
        },
      },
    });
  }
}
