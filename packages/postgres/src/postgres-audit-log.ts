import { type AuditLog, type AuditQuery, type AuditRecord, coreErrors, type Logger } from '@opwire/core';
import { parseTimestamp } from '@opwire/core/surface';
import { auditColumns, auditTableName } from './audit-table.js';
import type { Driver } from './driver.js';
import { PostgresTransaction } from './postgres-transaction.js';

/** What the audit log needs: the driver, the schema its table lives in, and a log for deferred failures. */
export interface PostgresAuditLogOptions {
  readonly driver: Driver;
  readonly schema: string | undefined;
  readonly logger: Logger;
}

type AuditRow = Record<string, unknown>;

/**
 * Creates core's `AuditLog` over the `opwire_audit` table. An append with a transaction is an
 * INSERT inside it, so the record commits or rolls back with the write it describes.
 */
export function createPostgresAuditLog(options: PostgresAuditLogOptions): AuditLog {
  const { driver, logger } = options;
  const table = auditTableName(options.schema);
  const insert = `INSERT INTO ${table} (${auditColumns.map((column) => column.name).join(', ')})
    VALUES (${auditColumns.map((_, index) => `$${index + 1}`).join(', ')})`;
  const select = `SELECT ${auditColumns.map((column) => column.name).join(', ')}, seq FROM ${table}`;

  return {
    async append(record, transaction) {
      const values = auditColumns.map((column) => record[column.field] ?? null);
      if (transaction) {
        if (!PostgresTransaction.isInstance(transaction)) {
          throw coreErrors.INVALID_CONFIGURATION({
            params: { reason: 'the PostgreSQL audit log needs a transaction from the same createPostgres()' },
          });
        }
        await transaction.query(insert, values);
        return;
      }
      const deferred = driver.later((session) => session.query(insert, values).then(() => undefined));
      if (deferred) {
        deferred.catch((error: unknown) =>
          logger.error('audit append failed', { recordId: record.id, error }),
        );
        return;
      }
      await driver.withSession((session) => session.query(insert, values));
    },

    async list(query: AuditQuery = {}) {
      const { where, params } = whereClause(query);
      let sql = `${select}${where} ORDER BY seq`;
      if (query.limit !== undefined) {
        if (!Number.isSafeInteger(query.limit) || query.limit < 0) {
          throw coreErrors.OUT_OF_RANGE({
            field: 'limit',
            params: { expected: { en: 'a whole number of 0 or more', 'zh-CN': '0 或更大的整数' } },
          });
        }
        params.push(query.limit);
        sql = `SELECT * FROM (${select}${where} ORDER BY seq DESC LIMIT $${params.length}) AS newest ORDER BY seq`;
      }
      const result = await driver.withSession((session) => session.query<AuditRow>(sql, params));
      return result.rows.map(toRecord);
    },

    async trim({ before, tenant }) {
      const cutoff = parseTimestamp(before, 'before');
      const sql = `DELETE FROM ${table} WHERE at < $1 AND ($2::text IS NULL OR tenant = $2)`;
      const params = [new Date(cutoff).toISOString(), tenant ?? null];
      const result = await driver.withSession((session) => session.query(sql, params));
      return result.rowCount;
    },
  };
}

function whereClause(query: AuditQuery): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const filters: Array<[string, string | undefined]> = [
    ['operation_id', query.operationId],
    ['tenant', query.tenant],
    ['invocation_id', query.invocationId],
    ['turn_id', query.turnId],
  ];
  for (const [column, value] of filters) {
    if (value === undefined) continue;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  return { where: conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`, params };
}

function toRecord(row: AuditRow): AuditRecord {
  const record: Record<string, unknown> = {};
  for (const column of auditColumns) {
    const value = row[column.name];
    if (value === null || value === undefined) continue;
    record[column.field] =
      value instanceof Date ? value.toISOString() : column.field === 'durationMs' ? Number(value) : value;
  }
  return record as unknown as AuditRecord;
}
