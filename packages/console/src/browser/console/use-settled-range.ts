import { useDebouncedValue } from '@mantine/hooks';
import { type RangeChoice, rangeProblem } from './time-range.js';

/**
 * The range to ask the server about: a custom range once its dates have stood still for 300 ms (a year typed
 * digit by digit asked for year 2, 20, 202 and 2026 in turn), none while the range shown is refused.
 */
export function useSettledRange(range: RangeChoice): RangeChoice | undefined {
  const [settled] = useDebouncedValue(range, range.preset === 'custom' ? 300 : 0);
  return rangeProblem(range) || rangeProblem(settled) ? undefined : settled;
}
