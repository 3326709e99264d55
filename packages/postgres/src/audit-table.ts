import type { Queryable } from './driver.js';

/** Every column of the audit table, in the order records are written. Add new ones at the end. */
export const auditColumns = [
  { name: 'id', type: 'text', field: 'id' },
  { name: 'at', type: 'timestamptz', field: 'at' },
  { name: 'operation_id', type: 'text', field: 'operationId' },
  { name: 'invocation_id', type: 'text', field: 'invocationId' },
  { name: 'parent_invocation_id', type: 'text', field: 'parentInvocationId' },
  { name: 'trace_id', type: 'text', field: 'traceId' },
  { name: 'principal_id', type: 'text', field: 'principalId' },
  { name: 'tenant', type: 'text', field: 'tenant' },
  { name: 'origin', type: 'text', field: 'origin' },
  { name: 'outcome', type: 'text', field: 'outcome' },
  { name: 'code', type: 'text', field: 'code' },
  { name: 'duration_ms', type: 'double precision', field: 'durationMs' },
  { name: 'conversation_id', type: 'text', field: 'conversationId' },
  { name: 'turn_id', type: 'text', field: 'turnId' },
  { name: 'tool_call_id', type: 'text', field: 'toolCallId' },
] as const;

/** The name of the audit table, qualified by the schema when there is one. */
export function auditTableName(schema: string | undefined): string {
  return schema ? `${schema}.opwire_audit` : 'opwire_audit';
}

/**
 * Creates the audit table and its indexes if missing and adds any column an older version lacked;
 * it never drops or rewrites anything, so starting over existing data keeps every row. Runs
 * inside a transaction that holds the migration lock.
 */
export async function ensureAuditTable(session: Queryable, schema: string | undefined): Promise<void> {
  const table = auditTableName(schema);
  if (schema) await session.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await session.query(`CREATE TABLE IF NOT EXISTS ${table} (
    id text PRIMARY KEY,
    seq bigserial NOT NULL,
    at timestamptz NOT NULL,
    operation_id text NOT NULL,
    invocation_id text NOT NULL,
    origin text NOT NULL,
    outcome text NOT NULL,
    duration_ms double precision NOT NULL
  )`);
  const existing = await session.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = coalesce($1, current_schema()) AND table_name = 'opwire_audit'`,
    [schema ?? null],
  );
  const present = new Set(existing.rows.map((row) => row.column_name));
  // `seq` orders records as appended; checked first because ADD COLUMN IF NOT EXISTS would still create a sequence.
  if (!present.has('seq')) await session.query(`ALTER TABLE ${table} ADD COLUMN seq bigserial NOT NULL`);
  for (const column of auditColumns) {
    if (!present.has(column.name)) {
      await session.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column.name} ${column.type}`);
    }
  }
  const indexes: Array<[string, string]> = [
    ['opwire_audit_operation_idx', 'operation_id, seq'],
    ['opwire_audit_tenant_idx', 'tenant, seq'],
    ['opwire_audit_invocation_idx', 'invocation_id'],
    ['opwire_audit_at_idx', 'at'],
    ['opwire_audit_seq_idx', 'seq'],
    ['opwire_audit_turn_idx', 'turn_id'],
  ];
  for (const [name, columns] of indexes) {
    await session.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
  }
}
