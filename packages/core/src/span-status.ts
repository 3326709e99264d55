import { type Span, SpanStatusCode } from '@opentelemetry/api';
import type { ErrorKind } from './errors/define-errors.js';
import type { OpwireError } from './errors/opwire-error.js';

/**
 * Whether a failure of each kind is the server's (a 5xx over HTTP) rather than the caller's (a 4xx, 499
 * included): a record, so a new kind must be placed here to compile.
 */
const serverSide: Readonly<Record<ErrorKind, boolean>> = {
  invalid: false,
  unauthenticated: false,
  denied: false,
  not_found: false,
  method: false,
  conflict: false,
  too_large: false,
  unsupported: false,
  not_acceptable: false,
  rule: false,
  limited: false,
  cancelled: false,
  internal: true,
  unavailable: true,
  upstream: true,
  timeout: true,
};

/**
 * Sets a failed operation span's status as OpenTelemetry's conventions do for a server span: `ERROR` for a
 * failure on the server's side (internal, upstream, unavailable, timeout), left unset for one the caller caused
 * (invalid input, not found, denied, limited, cancelled, ...), which its `opwire.error.code` still names.
 */
export function setFailureStatus(span: Span, error: OpwireError): void {
  if (serverSide[error.kind] ?? true) span.setStatus({ code: SpanStatusCode.ERROR, message: error.code });
}
