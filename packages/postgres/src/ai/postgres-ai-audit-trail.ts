import {
  type AiAuditAction,
  type AiAuditEvent,
  type AiAuditTrail,
  checkLimit,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  type JsonValue,
  normalizeTime,
} from '@opwire/ai';
import { isoOf, optional, type SqlAccess } from './sql-access.js';

type Row = Record<string, unknown>;

const columns =
  'seq, id, turn_id, sequence, action, at, tenant, principal_id, conversation_id, trace_id, tool_call_id, tool_name, code, payload, payload IS NULL AS no_payload';

const toEvent = (row: Row): AiAuditEvent => ({
  id: String(row.id),
  turnId: String(row.turn_id),
  action: row.action as AiAuditAction,
  at: isoOf(row.at),
  tenant: String(row.tenant),
  principalId: String(row.principal_id),
  ...optional('conversationId', row.conversation_id as string | null),
  ...optional('traceId', row.trace_id as string | null),
  ...optional('toolCallId', row.tool_call_id as string | null),
  ...optional('toolName', row.tool_name as string | null),
  ...optional('code', row.code as string | null),
  // A JSON null payload and no payload both read back as null; the flag tells them apart.
  ...(row.no_payload === true ? {} : { payload: row.payload as JsonValue }),
  sequence: Number(row.sequence),
});

/** How often an append retries after another process took the same sequence number of a turn. */
const attempts = 20;

/** An `AiAuditTrail` over the `opwire_ai_events` table; each append is one statement. */
export function createPostgresAiAuditTrail(sql: SqlAccess): AiAuditTrail {
  /**
   * Where the event a cursor names stands, if `tenant` may see it. One that is gone with every event of the
   * tenant as old as it was trimmed: the walk is over (before every `seq`). Else the cursor is refused.
   */
  const seqOf = async (cursor: string, tenant: string | undefined): Promise<string> => {
    const [id, at] = decodeCursor(cursor, ['s', 't']);
    const { rows } = await sql.query(
      'SELECT seq FROM opwire_ai_events WHERE id = $1 AND ($2::text IS NULL OR tenant = $2)',
      [id, tenant ?? null],
    );
    if (rows[0]) return String(rows[0].seq);
    const { rows: older } = await sql.query(
      'SELECT 1 FROM opwire_ai_events WHERE ($1::text IS NULL OR tenant = $1) AND at <= $2::timestamptz LIMIT 1',
      [tenant ?? null, at],
    );
    if (older[0]) throw invalidCursor();
    return '0';
  };
  return {
    async append(event) {
      const params = [
        event.id,
        event.turnId,
        event.action,
        normalizeTime(event.at, 'at'),
        event.tenant,
        event.principalId,
        event.conversationId ?? null,
        event.traceId ?? null,
        event.toolCallId ?? null,
        event.toolName ?? null,
        event.code ?? null,
        event.payload === undefined ? null : JSON.stringify(event.payload),
      ];
      for (let attempt = 0; attempt < attempts; attempt++) {
        // The next number of the turn; when another append took it first, nothing is inserted and this retries.
        const { rows } = await sql.query(
          `INSERT INTO opwire_ai_events (id, turn_id, sequence, action, at, tenant, principal_id, conversation_id,
              trace_id, tool_call_id, tool_name, code, payload)
            SELECT $1, $2, coalesce(max(sequence), 0) + 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::json
              FROM opwire_ai_events WHERE turn_id = $2
            ON CONFLICT (turn_id, sequence) DO NOTHING
            RETURNING sequence`,
          params,
        );
        if (rows[0])
          return { ...structuredClone(event), at: params[3] as string, sequence: Number(rows[0].sequence) };
      }
      throw new Error(`Could not number an event of turn ${event.turnId} after ${attempts} attempts.`);
    },
    async list(filter, page) {
      checkLimit(page.limit);
      const params: unknown[] = [];
      const conditions: string[] = [];
      const add = (condition: string, value: unknown) => {
        params.push(value);
        conditions.push(condition.replace('?', `$${params.length}`));
      };
      if (filter.tenant !== undefined) add('tenant = ?', filter.tenant);
      if (filter.action !== undefined) add('action = ?', filter.action);
      if (filter.turnId !== undefined) add('turn_id = ?', filter.turnId);
      if (filter.principalId !== undefined) add('principal_id = ?', filter.principalId);
      if (filter.from !== undefined) add('at >= ?::timestamptz', normalizeTime(filter.from, 'from'));
      if (filter.to !== undefined) add('at < ?::timestamptz', normalizeTime(filter.to, 'to'));
      if (page.cursor !== undefined) add('seq < ?::bigint', await seqOf(page.cursor, filter.tenant));
      params.push(page.limit + 1);
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_events ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
          ORDER BY seq DESC LIMIT $${params.length}`,
        params,
      );
      const listed = rows.slice(0, page.limit);
      const last = listed.at(-1);
      return {
        events: listed.map(toEvent),
        // The cursor names the page's last event and its time, which the caller saw; `seq` counts every tenant's events.
        ...(rows.length > page.limit && last
          ? { next: encodeCursor([String(last.id), isoOf(last.at)]) }
          : {}),
      };
    },
    async forTurn(turnId, tenant) {
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_events WHERE turn_id = $1 AND ($2::text IS NULL OR tenant = $2) ORDER BY sequence`,
        [turnId, tenant ?? null],
      );
      return rows.map(toEvent);
    },
    async trim({ before, tenant }) {
      const { rowCount } = await sql.query(
        'DELETE FROM opwire_ai_events WHERE at < $1::timestamptz AND ($2::text IS NULL OR tenant = $2)',
        [normalizeTime(before, 'before'), tenant ?? null],
      );
      return rowCount;
    },
  };
}
