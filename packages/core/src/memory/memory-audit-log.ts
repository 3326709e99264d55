import { type ImmediateAuditLog, immediate } from '../immediate.js';
import type {
  AuditLog,
  AuditOutcome,
  AuditQuery,
  AuditRecord,
  AuditTrimOptions,
} from '../ports/audit-log.js';
import type { Transaction } from '../ports/transaction-manager.js';
import { parseTimestamp } from '../surface/parse-timestamp.js';

/** Options for the in-memory audit log. */
export interface MemoryAuditLogOptions {
  /** Records kept before the oldest are overwritten (default 10,000). */
  readonly capacity?: number;
}

/**
 * Creates an audit log held in a ring of `capacity` records; records appended in a transaction appear on commit.
 * The ring keeps each field in a column of its own, not the records appended: a record then dies young, and what
 * a busy server keeps (and its garbage collector copies) is an id string per call rather than an object of 15
 * fields and a boxed number. `list` builds the records it returns, with the fields each had.
 */
export function createMemoryAuditLog(options: MemoryAuditLogOptions = {}): AuditLog {
  const capacity = options.capacity ?? 10_000;
  let ring = new AuditColumns();
  let written = 0;
  const push = (record: AuditRecord) => {
    ring.write(written % capacity, record);
    written++;
  };
  const inOrder = (): AuditRecord[] => {
    const count = Math.min(written, capacity);
    const first = written <= capacity ? 0 : written % capacity;
    const records: AuditRecord[] = [];
    for (let index = 0; index < count; index++) records.push(ring.read((first + index) % capacity));
    return records;
  };
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
      ring = new AuditColumns();
      written = 0;
      for (const record of kept) push(record);
      return all.length - kept.length;
    },
  };
  return log;
}

/** The ring's columns: slot `n` of each holds a field of the same record. */
class AuditColumns {
  readonly id: string[] = [];
  readonly at: string[] = [];
  readonly operationId: string[] = [];
  readonly invocationId: string[] = [];
  readonly parentInvocationId: (string | undefined)[] = [];
  readonly traceId: (string | undefined)[] = [];
  readonly principalId: (string | undefined)[] = [];
  readonly tenant: (string | undefined)[] = [];
  readonly origin: string[] = [];
  readonly conversationId: (string | undefined)[] = [];
  readonly turnId: (string | undefined)[] = [];
  readonly toolCallId: (string | undefined)[] = [];
  readonly outcome: AuditOutcome[] = [];
  readonly code: (string | undefined)[] = [];
  /** Numbers only, so V8 keeps them unboxed. */
  readonly durationMs: number[] = [];
  /** Which optional fields the record had, present even when undefined: one bit each, in the order `read` tests them. */
  readonly present: number[] = [];

  write(slot: number, record: AuditRecord): void {
    this.id[slot] = record.id;
    this.at[slot] = record.at;
    this.operationId[slot] = record.operationId;
    this.invocationId[slot] = record.invocationId;
    this.parentInvocationId[slot] = record.parentInvocationId;
    this.traceId[slot] = record.traceId;
    this.principalId[slot] = record.principalId;
    this.tenant[slot] = record.tenant;
    this.origin[slot] = record.origin;
    this.conversationId[slot] = record.conversationId;
    this.turnId[slot] = record.turnId;
    this.toolCallId[slot] = record.toolCallId;
    this.outcome[slot] = record.outcome;
    this.code[slot] = record.code;
    this.durationMs[slot] = record.durationMs;
    // Named checks (not a loop over the names): each is then a constant-key lookup V8 caches.
    this.present[slot] =
      ('parentInvocationId' in record ? 1 : 0) |
      ('traceId' in record ? 2 : 0) |
      ('principalId' in record ? 4 : 0) |
      ('tenant' in record ? 8 : 0) |
      ('conversationId' in record ? 16 : 0) |
      ('turnId' in record ? 32 : 0) |
      ('toolCallId' in record ? 64 : 0) |
      ('code' in record ? 128 : 0);
  }

  /** The record in `slot`, with the fields it was appended with. */
  read(slot: number): AuditRecord {
    const present = this.present[slot] as number;
    const record: Record<string, unknown> = {
      id: this.id[slot],
      at: this.at[slot],
      operationId: this.operationId[slot],
      invocationId: this.invocationId[slot],
    };
    if (present & 1) record.parentInvocationId = this.parentInvocationId[slot];
    if (present & 2) record.traceId = this.traceId[slot];
    if (present & 4) record.principalId = this.principalId[slot];
    if (present & 8) record.tenant = this.tenant[slot];
    record.origin = this.origin[slot];
    if (present & 16) record.conversationId = this.conversationId[slot];
    if (present & 32) record.turnId = this.turnId[slot];
    if (present & 64) record.toolCallId = this.toolCallId[slot];
    record.outcome = this.outcome[slot];
    if (present & 128) record.code = this.code[slot];
    record.durationMs = this.durationMs[slot];
    return record as unknown as AuditRecord;
  }
}
