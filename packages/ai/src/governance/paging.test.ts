import { isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { checkLimit, decodeCursor, encodeCursor, normalizeTime } from './paging.js';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isOpwireError(error)) return [error.code, error.field];
  }
  return undefined;
};

describe('paging', () => {
  it('round-trips a position through an opaque, URL-safe cursor', () => {
    const cursor = encodeCursor(['2030-01-01T00:00:00.000Z', 'id/+=?']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['s', 's'])).toEqual(['2030-01-01T00:00:00.000Z', 'id/+=?']);
    expect(decodeCursor(encodeCursor([42]), ['n'])).toEqual([42]);
  });

  it('refuses a cursor that is not one of this list with INVALID_FORMAT on cursor', () => {
    for (const cursor of ['', 'abc', encodeCursor(['x']), encodeCursor([1.5]), encodeCursor(['a', 1])]) {
      expect(failure(() => decodeCursor(cursor, ['s', 's']))).toEqual(['INVALID_FORMAT', 'cursor']);
    }
    expect(failure(() => decodeCursor(encodeCursor(['1']), ['n']))).toEqual(['INVALID_FORMAT', 'cursor']);
  });

  it('checks page sizes and timestamps', () => {
    expect(failure(() => checkLimit(0))).toEqual(['OUT_OF_RANGE', 'limit']);
    expect(failure(() => checkLimit(501))).toEqual(['OUT_OF_RANGE', 'limit']);
    expect(failure(() => checkLimit(500))).toBeUndefined();
    expect(normalizeTime('2030-01-01T08:00:00+08:00', 'from')).toBe('2030-01-01T00:00:00.000Z');
    expect(failure(() => normalizeTime('soon', 'from'))).toEqual(['INVALID_FORMAT', 'from']);
    // JavaScript reads year 0 and beyond 9999; PostgreSQL's timestamptz and toISOString do not both.
    expect(failure(() => normalizeTime('0000-01-01T00:00:00Z', 'from'))).toEqual(['OUT_OF_RANGE', 'from']);
    expect(failure(() => normalizeTime('0001-01-01T00:00:00+01:00', 'to'))).toEqual(['OUT_OF_RANGE', 'to']);
    // An expanded year is no RFC 3339 date-time (HTTP's date-time format refuses it too), nor are the forms
    // Date.parse also reads: an impossible day it rolls over, a local time, a bare number.
    for (const text of [
      '+010000-01-01T00:00:00Z',
      '2030-02-30T00:00:00Z',
      '2030-03-01 00:00',
      '12/01/2030',
      '5',
    ]) {
      expect(failure(() => normalizeTime(text, 'at'))).toEqual(['INVALID_FORMAT', 'at']);
    }
    expect(failure(() => normalizeTime('9999-12-31T23:59:59-01:00', 'at'))).toEqual(['OUT_OF_RANGE', 'at']);
    expect(normalizeTime('0001-01-01T00:00:00Z', 'from')).toBe('0001-01-01T00:00:00.000Z');
    expect(normalizeTime('9999-12-31T23:59:59.999Z', 'to')).toBe('9999-12-31T23:59:59.999Z');
  });
});
