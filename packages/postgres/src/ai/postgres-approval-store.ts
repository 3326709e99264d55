import {
  type ApprovalStatus,
  type ApprovalStore,
  aiErrors,
  normalizeTime,
  type PendingApproval,
} from '@opwire/ai';
import { isoOf, optional, type SqlAccess } from './sql-access.js';

type Row = Record<string, unknown>;

const columns =
  'approval_id, tool_call_id, tool_name, operation_id, input, input_hash, tenant, principal_id, conversation_id, turn_id, created_at, expires_at, status, settled_at';

const toApproval = (row: Row): PendingApproval => ({
  approvalId: String(row.approval_id),
  toolCallId: String(row.tool_call_id),
  toolName: String(row.tool_name),
  operationId: String(row.operation_id),
  input: row.input,
  inputHash: String(row.input_hash),
  principalId: String(row.principal_id),
  tenant: String(row.tenant),
  ...optional('conversationId', row.conversation_id as string | null),
  ...optional('turnId', row.turn_id as string | null),
  createdAt: isoOf(row.created_at),
  expiresAt: isoOf(row.expires_at),
  status: row.status as ApprovalStatus,
  ...(row.settled_at === null ? {} : { settledAt: isoOf(row.settled_at) }),
});

/**
 * An `ApprovalStore` over the `opwire_ai_approvals` table, shared by every process on the database: the cap
 * is checked under a per-owner lock, and a settle (or a reopen) is one conditional UPDATE, so exactly one settle wins.
 */
export function createPostgresApprovalStore(sql: SqlAccess): ApprovalStore {
  const owned = 'approval_id = $1 AND tenant = $2 AND principal_id = $3';
  return {
    async create(approval, { maxPending, now }) {
      await sql.transaction(async (query) => {
        await query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `opwire.approvals/${approval.tenant}/${approval.principalId}`,
        ]);
        const { rows } = await query<{ pending: string | number }>(
          `SELECT count(*) AS pending FROM opwire_ai_approvals
            WHERE tenant = $1 AND principal_id = $2 AND status = 'pending' AND expires_at > $3::timestamptz`,
          [approval.tenant, approval.principalId, normalizeTime(now, 'now')],
        );
        if (Number(rows[0]?.pending ?? 0) >= maxPending) {
          throw aiErrors.APPROVAL_LIMIT_REACHED({ params: { limit: maxPending } });
        }
        await query(
          `INSERT INTO opwire_ai_approvals (${columns})
            VALUES ($1, $2, $3, $4, $5::json, $6, $7, $8, $9, $10, $11, $12, $13, NULL)`,
          [
            approval.approvalId,
            approval.toolCallId,
            approval.toolName,
            approval.operationId,
            JSON.stringify(approval.input ?? null),
            approval.inputHash,
            approval.tenant,
            approval.principalId,
            approval.conversationId ?? null,
            approval.turnId ?? null,
            normalizeTime(approval.createdAt, 'createdAt'),
            normalizeTime(approval.expiresAt, 'expiresAt'),
            approval.status,
          ],
        );
      });
    },
    async get(approvalId, owner) {
      const { rows } = await sql.query(`SELECT ${columns} FROM opwire_ai_approvals WHERE ${owned}`, [
        approvalId,
        owner.tenant,
        owner.principalId,
      ]);
      return rows[0] && toApproval(rows[0]);
    },
    async settle(approvalId, owner, { status, at }) {
      const { rowCount } = await sql.query(
        `UPDATE opwire_ai_approvals SET status = $4, settled_at = $5::timestamptz
          WHERE ${owned} AND status = 'pending' AND expires_at > $5::timestamptz`,
        [approvalId, owner.tenant, owner.principalId, status, normalizeTime(at, 'at')],
      );
      return rowCount === 1;
    },
    async reopen(approvalId, owner, { settledAt }) {
      const { rowCount } = await sql.query(
        `UPDATE opwire_ai_approvals SET status = 'pending', settled_at = NULL
          WHERE ${owned} AND status = 'approved' AND settled_at = $4::timestamptz`,
        [approvalId, owner.tenant, owner.principalId, normalizeTime(settledAt, 'settledAt')],
      );
      return rowCount === 1;
    },
    async listPending(owner, now) {
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_approvals
          WHERE tenant = $1 AND principal_id = $2 AND status = 'pending' AND expires_at > $3::timestamptz
          ORDER BY created_at, approval_id COLLATE "C"`,
        [owner.tenant, owner.principalId, normalizeTime(now, 'now')],
      );
      return rows.map(toApproval);
    },
  };
}
