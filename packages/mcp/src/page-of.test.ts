import { isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { pageOf } from './page-of.js';

const letters = ['a', 'b', 'c', 'd', 'e'];

describe('pageOf', () => {
  it('walks a list page by page with the cursors it returns', () => {
    const first = pageOf(letters, undefined, 2);
    expect(first).toEqual({ items: ['a', 'b'], nextCursor: '2' });
    const second = pageOf(letters, first.nextCursor, 2);
    expect(second).toEqual({ items: ['c', 'd'], nextCursor: '4' });
    expect(pageOf(letters, second.nextCursor, 2)).toEqual({ items: ['e'] });
  });

  it('answers an empty list with one empty page', () => {
    expect(pageOf([], undefined, 2)).toEqual({ items: [] });
  });

  it.each(['', '-1', '01', 'abc', '2.5', '5', '99999999999', '1e3'])(
    'refuses the cursor %j with INVALID_CURSOR',
    (cursor) => {
      let thrown: unknown;
      try {
        pageOf(letters, cursor, 2);
      } catch (error) {
        thrown = error;
      }
      expect(isOpwireError(thrown) && thrown.code).toBe('INVALID_CURSOR');
    },
  );
});
