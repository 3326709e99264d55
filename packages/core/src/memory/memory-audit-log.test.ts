import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../ports/audit-log.js';
import { createMemoryAuditLog } from './memory-audit-log.js';

const record = (index: number, at: string): AuditRecord => ({
  id: `i-${index}`,
  at,
  operationId: 'orders.create',
  invocationId: `i-${index}`,
  origin: 'http',
  outcome: 'ok',
  durationMs: 1,
});

describe('createMemoryAuditLog', () => {
  it('trims a log of 150,000 records, keeping the newer ones in order', async () => {
    const audit = createMemoryAuditLog({ capacity: 200_000 });
    for (let index = 0; index < 150_000; index++) {
      await audit.append(record(index, index < 10 ? '2026-01-01T00:00:00.000Z' : '2026-06-01T00:00:00.000Z'));
    }
    expect(await audit.trim?.({ before: '2026-03-01T00:00:00.000Z' })).toBe(10);
    const kept = await audit.list();
    expect(kept).toHaveLength(149_990);
    expect(kept[0]?.id).toBe('i-10');
    expect(kept.at(-1)?.id).toBe('i-149999');
  });
});
