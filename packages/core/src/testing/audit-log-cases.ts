import { expect } from 'vitest';
import type { AuditRecord } from '../ports/audit-log.js';
import { auditRecordFor } from './audit-record-for.js';
import { conformanceCase, uniqueSuffix } from './conformance-case.js';
import type { PortConformanceOptions, PortHarness } from './port-harness.js';

/** Registers the `AuditLog` cases against the harness that `harness()` returns. */
export function auditLogCases(harness: () => PortHarness, options: PortConformanceOptions): void {
  conformanceCase(
    options,
    'audit.round-trip',
    'lists a record exactly as appended, optional fields included or absent',
    async () => {
      const { audit } = harness();
      const suffix = uniqueSuffix();
      const full = auditRecordFor(suffix, { outcome: 'error', code: 'CONFLICT', durationMs: 12.345678 });
      const minimal: AuditRecord = {
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        operationId: `conformance.${suffix}`,
        invocationId: crypto.randomUUID(),
        origin: 'http',
        outcome: 'ok',
        durationMs: 0,
      };
      await audit.append(full);
      await audit.append(minimal);
      expect(await audit.list({ operationId: `conformance.${suffix}` })).toStrictEqual([full, minimal]);
    },
  );

  conformanceCase(
    options,
    'audit.filters',
    'filters by operation id, tenant and invocation id, alone or together',
    async () => {
      const { audit } = harness();
      const [first, second] = [uniqueSuffix(), uniqueSuffix()];
      const records = [
        auditRecordFor(first),
        auditRecordFor(first, { tenant: `tenant-${second}` }),
        auditRecordFor(second),
        auditRecordFor(second, { operationId: `conformance.${first}` }),
      ] as const;
      for (const record of records) await audit.append(record);
      const [a, b, c, d] = records;
      expect(await audit.list({ operationId: `conformance.${first}` })).toStrictEqual([a, b, d]);
      expect(await audit.list({ tenant: `tenant-${second}` })).toStrictEqual([b, c, d]);
      expect(await audit.list({ invocationId: c.invocationId })).toStrictEqual([c]);
      expect(
        await audit.list({ operationId: `conformance.${first}`, tenant: `tenant-${second}` }),
      ).toStrictEqual([b, d]);
      expect(await audit.list({ operationId: `conformance.${first}`, invocationId: c.invocationId })).toEqual(
        [],
      );
      expect(await audit.list({ tenant: `tenant-${uniqueSuffix()}` })).toEqual([]);
    },
  );

  conformanceCase(
    options,
    'audit.order-and-limit',
    'keeps append order; a limit keeps the newest records, oldest first',
    async () => {
      const { audit } = harness();
      const suffix = uniqueSuffix();
      const records: AuditRecord[] = [];
      // Timestamps run backwards so an adapter that sorts by `at` instead of append order fails.
      for (let index = 0; index < 6; index++) {
        const at = new Date(Date.UTC(2030, 0, 1, 0, 0, 10 - index)).toISOString();
        records.push(auditRecordFor(suffix, { at, durationMs: index }));
      }
      for (const record of records) await audit.append(record);
      const operationId = `conformance.${suffix}`;
      expect(await audit.list({ operationId })).toStrictEqual(records);
      expect(await audit.list({ operationId, limit: 2 })).toStrictEqual(records.slice(-2));
      expect(await audit.list({ operationId, limit: 100 })).toStrictEqual(records);
    },
  );

  conformanceCase(
    options,
    'audit.trim',
    'trims the records older than a cutoff, of one tenant or of all, and nothing else',
    async () => {
      const { audit } = harness();
      if (!audit.trim) throw new Error('This audit log has no trim; skip "audit.trim" with a reason.');
      const [first, second] = [uniqueSuffix(), uniqueSuffix()];
      const at = (day: string) => `2000-0${day}T00:00:00.000Z`;
      const oldFirst = auditRecordFor(first, { at: at('1-01') });
      const newFirst = auditRecordFor(first, { at: at('3-02') });
      const oldSecond = auditRecordFor(second, { at: at('1-01') });
      for (const record of [oldFirst, newFirst, oldSecond]) await audit.append(record);
      const cutoff = at('3-01');
      await expect(audit.trim({ before: 'yesterday' })).rejects.toMatchObject({ code: 'INVALID_FORMAT' });
      // Read strictly (Date.parse takes February 30 for March 2, "5" for May 2001): each refused, nothing removed.
      for (const [before, code] of [
        ['2000-02-30T00:00:00Z', 'INVALID_FORMAT'],
        ['03/01/2000', 'INVALID_FORMAT'],
        ['Mar 1 2000', 'INVALID_FORMAT'],
        ['2000-03-01 00:00', 'INVALID_FORMAT'],
        ['5', 'INVALID_FORMAT'],
        ['+099999-01-01T00:00:00Z', 'INVALID_FORMAT'],
        ['0000-12-31T23:59:59Z', 'OUT_OF_RANGE'],
        ['9999-12-31T23:59:59-01:00', 'OUT_OF_RANGE'],
      ] as const) {
        await expect(audit.trim({ before }), before).rejects.toMatchObject({ code, field: 'before' });
      }
      expect(await audit.list({ tenant: `tenant-${first}` })).toHaveLength(2);
      expect(await audit.trim({ before: cutoff, tenant: `tenant-${first}` })).toBe(1);
      expect(await audit.list({ tenant: `tenant-${first}` })).toStrictEqual([newFirst]);
      expect(await audit.list({ tenant: `tenant-${second}` })).toStrictEqual([oldSecond]);
      expect(await audit.trim({ before: cutoff })).toBe(1);
      expect(await audit.list({ tenant: `tenant-${second}` })).toEqual([]);
      expect(await audit.list({ tenant: `tenant-${first}` })).toStrictEqual([newFirst]);
    },
  );
}
