import { isSpanContextValid } from '@opentelemetry/api';
import type { Invocation } from './invocation.js';
import type { AuditOutcome, AuditRecord } from './ports/audit-log.js';

/** Builds an invocation's audit record, timed until now: identities, outcome and code, never the request payload. */
export function auditRecord(invocation: Invocation, outcome: AuditOutcome, code?: string): AuditRecord {
  const durationMs = performance.now() - invocation.startedAt;
  // One fixed shape (absent fields are undefined) keeps record creation cheap on the hot path.
  const caller = invocation.caller;
  const trace = invocation.trace;
  const origin = invocation.origin;
  return {
    id: invocation.invocationId,
    at: isoNow(),
    operationId: invocation.operation.id,
    invocationId: invocation.invocationId,
    parentInvocationId: invocation.parentInvocationId,
    traceId: trace && isSpanContextValid(trace) ? trace.traceId : undefined,
    principalId: caller?.principalId,
    tenant: caller?.tenant,
    origin: origin.surface,
    conversationId: origin.conversationId,
    turnId: origin.turnId,
    toolCallId: origin.toolCallId,
    outcome,
    code,
    durationMs,
  };
}

const threeDigits: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
let cachedMillisecond = 0;
let cachedIso = '';
let cachedSecond = 0;
let cachedSecondPrefix = '';

/** The current time as ISO 8601: the date and time up to the second formatted once per second. */
export function isoNow(): string {
  const now = Date.now();
  if (now !== cachedMillisecond) {
    cachedMillisecond = now;
    const milliseconds = now % 1000;
    const second = now - milliseconds;
    if (second !== cachedSecond) {
      cachedSecond = second;
      cachedSecondPrefix = new Date(second).toISOString().slice(0, 20);
    }
    cachedIso = `${cachedSecondPrefix}${threeDigits[milliseconds]}Z`;
  }
  return cachedIso;
}
