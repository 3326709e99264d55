/**
 * A token count a provider reported, as the ledger keeps it: a whole number from 0 to `Number.MAX_SAFE_INTEGER`.
 * A fraction is rounded; a count that is absent, not a number or below 0 is 0 (it can never make a turn cost
 * less than nothing); one past the safe range, `Infinity` included, is `Number.MAX_SAFE_INTEGER` (counted
 * against a budget, never lost: it fits a bigint column and a JSON integer).
 */
export function toTokenCount(reported: unknown): number {
  if (typeof reported !== 'number' || Number.isNaN(reported) || reported <= 0) return 0;
  return Math.min(Math.round(reported), Number.MAX_SAFE_INTEGER);
}

/** The sum of two token counts, kept within `Number.MAX_SAFE_INTEGER` as each count is. */
export function addTokenCounts(left: number, right: number): number {
  return Math.min(left + right, Number.MAX_SAFE_INTEGER);
}
