import type { AuditRecord } from '../ports/audit-log.js';

/** A complete audit record for a case, unique by its suffix. */
export function auditRecordFor(suffix: string, overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    operationId: `conformance.${suffix}`,
    invocationId: crypto.randomUUID(),
    parentInvocationId: crypto.randomUUID(),
    traceId: '0af7651916cd43dd8448eb211c80319c',
    principalId: 'conformance-user',
    tenant: `tenant-${suffix}`,
    origin: 'internal',
    outcome: 'ok',
    durationMs: 1.25,
    ...overrides,
  };
}
