import { IsDateTime } from 'typebox/format';
import { coreErrors } from '../errors/core-errors.js';

/** The first and last instants `parseTimestamp` accepts (years 0001 to 9999, UTC). */
export const earliestTime = Date.parse('0001-01-01T00:00:00.000Z');
export const latestTime = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A timestamp a store is given (a trim's `before`, a page's `from`), as milliseconds: an RFC 3339 date-time,
 * as the `date-time` format HTTP checks (`2026-12-01T00:00:00Z`, `2026-12-01T08:00:00+08:00`), from year 0001 to
 * 9999. `Date.parse` alone reads `2026-02-30T00:00:00Z` as March 2, and `12/01/2026` or `5` as dates, so a
 * trim given one deleted what nobody asked it to. Else `INVALID_FORMAT` or `OUT_OF_RANGE` on `field`.
 */
export function parseTimestamp(value: string, field: string): number {
  const time = typeof value === 'string' && IsDateTime(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw coreErrors.INVALID_FORMAT({
      field,
      params: {
        expected: {
          en: 'an ISO 8601 timestamp such as 2026-12-01T00:00:00Z',
          'zh-CN': 'ISO 8601 时间戳，如 2026-12-01T00:00:00Z',
        },
      },
    });
  }
  if (time < earliestTime || time > latestTime) {
    throw coreErrors.OUT_OF_RANGE({
      field,
      params: {
        expected: {
          en: 'a time from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z',
          'zh-CN': '0001-01-01T00:00:00Z 到 9999-12-31T23:59:59.999Z 之间的时间',
        },
      },
    });
  }
  return time;
}
