/**
 * Cutoffs a store's `trim` refuses, removing nothing: forms `Date.parse` reads (an impossible day it rolls over,
 * a local time, a bare number) that are no RFC 3339 date-time, and times outside the years 0001 to 9999.
 */
export const refusedCutoffs = [
  ['2001-02-30T00:00:00Z', 'INVALID_FORMAT'],
  ['03/01/2001', 'INVALID_FORMAT'],
  ['Mar 1 2001', 'INVALID_FORMAT'],
  ['2001-03-01 00:00', 'INVALID_FORMAT'],
  ['5', 'INVALID_FORMAT'],
  ['+099999-01-01T00:00:00Z', 'INVALID_FORMAT'],
  ['0000-12-31T23:59:59Z', 'OUT_OF_RANGE'],
  ['9999-12-31T23:59:59-01:00', 'OUT_OF_RANGE'],
] as const;
