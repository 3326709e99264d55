import { type ImmediateAuditLog, immediate } from '../immediate.js';
import type { AuditLog, AuditQuery, AuditRecord, AuditTrimOptions } from '../ports/audit-log.js';
import type { Transaction } from '../ports/transaction-manager.js';
import { parseTimestamp } from '../surface/parse-timestamp.js';

/** Options for the in-memory audit log. */
export interface MemoryAuditLogOptions {
  /** Records kept before the oldest are overwritten (default 10,000). */
  readonly capacity?: number;
}

/** Creates an audit log held in a ring buffer of `capacity` records; records appended in a transaction appear on commit. */
export function createMemoryAuditLog(options: MemoryAuditLogOptions = {}): AuditLog {
  const capacity = options.capacity ?? 10_000;
  const ring: AuditRecord[] = [];
  let written = 0;
  const push = (record: AuditRecord) => {
    ring[written % capacity] = record;
    written++;
  };
  const inOrder = () =>
    written <= capacity
      ? ring.slice(0, written)
      : [...ring.slice(written % capacity), ...ring.slice(0, written % capacity)];
  const appendNow = (record: AuditRecord, transaction?: Transaction) => {
    if (transaction) transaction.onCommit(() => push(record));
    else push(record);
  };
  const log: AuditLog & ImmediateAuditLog = {
    [immediate]: appendNow,
    async append(record: AuditRecord, transaction?: Transaction) {
      appendNow(record, transaction);
    },
    async list(query: AuditQuery = {}) {
      const matching = inOrder().filter(
        (record) =>
          (query.operationId === undefined || record.operationId === query.operationId) &&
          (query.tenant === undefined || record.tenant === query.tenant) &&
          (query.invocationId === undefined || record.invocationId === query.invocationId) &&
          (query.turnId === undefined || record.turnId === query.turnId),
      );
      if (query.limit === undefined) return matching;
      return query.limit <= 0 ? [] : matching.slice(-query.limit);
    },
    async trim({ before, tenant }: AuditTrimOptions) {
      const cutoff = parseTimestamp(before, 'before');
      const all = inOrder();
      const kept = all.filter(
        (record) => !(Date.parse(record.at) < cutoff && (tenant === undefined || record.tenant === tenant)),
      );
      ring.length = 0;
      // One at a time: spreading 130,000 or more records into `push` overflows the stack.
      for (const record of kept) ring.push(record);
      written = kept.length;
      return all.length - kept.length;
    },
  };
  return log;
}
