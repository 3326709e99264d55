import { coreErrors } from '@opwire/core';
import { checkMilliseconds } from '@opwire/core/surface';
import type { HttpOptions } from './http-options.js';

/**
 * Refuses, at startup, numeric options no request could be served under: a `bodyLimit` that is not a whole
 * number of bytes from 1 (`Number('1mb')` is `NaN`, which would lift the limit), a `timeoutMs` that is not a
 * finite number of milliseconds from 1, a `shutdownTimeoutMs` or `shutdownGraceMs` that is not one from 0 (every
 * call would fail instead).
 */
export function checkHttpOptions(options: HttpOptions): void {
  const { bodyLimit, timeoutMs, shutdownTimeoutMs, shutdownGraceMs } = options;
  if (bodyLimit !== undefined && (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1))
    refuse('bodyLimit', `a whole number of bytes from 1, not ${bodyLimit}`);
  // The rule `invoke` applies to its own `timeoutMs`, and from 1: the server's applies to every call, and 0 (no
  // timeout in Node's and fastify's options) would fail every call that waits with DEADLINE_EXCEEDED.
  checkMilliseconds('timeoutMs', timeoutMs);
  if (timeoutMs === 0) {
    refuse(
      'timeoutMs',
      'a number of milliseconds from 1 (leave it out for no deadline), not 0: every call that waits would fail',
    );
  }
  checkMilliseconds('shutdownTimeoutMs', shutdownTimeoutMs);
  checkMilliseconds('shutdownGraceMs', shutdownGraceMs);
}

function refuse(field: string, expected: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ field, params: { reason: `${field} must be ${expected}` } });
}
