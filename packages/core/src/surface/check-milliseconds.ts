import { coreErrors } from '../errors/core-errors.js';

/**
 * Refuses a duration that is not a finite number of milliseconds ≥ 0 (`Number('30s')` is `NaN`) with
 * `INVALID_CONFIGURATION` on `name`; `undefined` (no duration) passes. `invoke`'s `timeoutMs` and the HTTP
 * server's `timeoutMs` and `shutdownTimeoutMs` are checked by it.
 */
export function checkMilliseconds(name: string, value: number | undefined): void {
  if (value === undefined || (Number.isFinite(value) && value >= 0)) return;
  throw coreErrors.INVALID_CONFIGURATION({
    field: name,
    params: { reason: `${name} must be a finite number of milliseconds ≥ 0, not ${value}` },
  });
}
