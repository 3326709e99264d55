import {
  type Conversation,
  type ConversationMessage,
  type ConversationStore,
  checkBefore,
  checkLimit,
  checkSequence,
  checkTurnEnding,
  decodeCursor,
  encodeCursor,
  normalizeTime,
  type StoredModelMessage,
  type StoredSource,
  type StoredTurnEnding,
} from '@opwire/ai';
import { coreErrors } from '@opwire/core';
import { isoOf, optional, type SqlAccess } from './sql-access.js';

type Row = Record<string, unknown>;

const columns = 'id, tenant, principal_id, title, created_at, updated_at';

const toConversation = (row: Row): Conversation => ({
  id: String(row.id),
  tenant: String(row.tenant),
  principalId: String(row.principal_id),
  ...optional('title', row.title as string | null),
  createdAt: isoOf(row.created_at),
  updatedAt: isoOf(row.updated_at),
});

const toMessage = (conversationId: string, row: Row): ConversationMessage => ({
  conversationId,
  sequence: Number(row.sequence),
  ...optional('turnId', row.turn_id as string | null),
  at: isoOf(row.at),
  message: row.message as StoredModelMessage,
  ...(row.turn_outcome === null || row.turn_outcome === undefined
    ? {}
    : {
        ending: {
          outcome: row.turn_outcome as StoredTurnEnding['outcome'],
          ...optional('code', row.turn_code as string | null),
          ...optional('sources', row.turn_sources as StoredSource[] | null),
        },
      }),
});

/** A `ConversationStore` over the `opwire_ai_conversations` and `opwire_ai_messages` tables. */
export function createPostgresConversationStore(sql: SqlAccess): ConversationStore {
  const owned = `WHERE id = $1 AND tenant = $2 AND principal_id = $3`;
  const notDeleted = `NOT EXISTS (SELECT 1 FROM opwire_ai_deleted_conversations WHERE id = $1)`;
  return {
    async create({ id, owner, title, at }) {
      const time = normalizeTime(at, 'at');
      const { rows } = await sql.query(
        `INSERT INTO opwire_ai_conversations (${columns})
          SELECT $1::text, $2::text, $3::text, $4::text, $5::timestamptz, $5::timestamptz WHERE ${notDeleted} RETURNING ${columns}`,
        [id, owner.tenant, owner.principalId, title ?? null, time],
      );
      if (rows[0] === undefined) {
        throw coreErrors.CONFLICT({ cause: new Error(`Conversation "${id}" was deleted.`) });
      }
      return toConversation(rows[0]);
    },
    async open({ id, owner, at }) {
      // One statement: the owner's reopenable tombstone goes as the row comes back; any other tombstone of
      // the id keeps it deleted.
      await sql.query(
        `WITH reopened AS (
            DELETE FROM opwire_ai_deleted_conversations
            WHERE id = $1 AND reopenable AND tenant = $2 AND principal_id = $3 RETURNING id)
          INSERT INTO opwire_ai_conversations (${columns})
          SELECT $1::text, $2::text, $3::text, NULL, $4::timestamptz, $4::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM opwire_ai_deleted_conversations d WHERE d.id = $1
            AND NOT (d.reopenable AND d.tenant = $2 AND d.principal_id = $3))
          ON CONFLICT (id) DO NOTHING`,
        [id, owner.tenant, owner.principalId, normalizeTime(at, 'at')],
      );
      const { rows } = await sql.query(`SELECT ${columns} FROM opwire_ai_conversations ${owned}`, [
        id,
        owner.tenant,
        owner.principalId,
      ]);
      return rows[0] && toConversation(rows[0]);
    },
    async opens(id, owner) {
      // As `open` decides, read only: the owner's row, or no row and no tombstone but the owner's reopenable one.
      const { rows } = await sql.query(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM opwire_ai_conversations WHERE id = $1)
            THEN EXISTS (SELECT 1 FROM opwire_ai_conversations ${owned})
            ELSE NOT EXISTS (SELECT 1 FROM opwire_ai_deleted_conversations d WHERE d.id = $1
              AND NOT (d.reopenable AND d.tenant = $2 AND d.principal_id = $3)) END AS opens`,
        [id, owner.tenant, owner.principalId],
      );
      return rows[0]?.opens === true;
    },
    async get(id, owner) {
      const { rows } = await sql.query(`SELECT ${columns} FROM opwire_ai_conversations ${owned}`, [
        id,
        owner.tenant,
        owner.principalId,
      ]);
      return rows[0] && toConversation(rows[0]);
    },
    async list(owner, page) {
      checkLimit(page.limit);
      // Paged by creation, which never moves: a conversation updated during a walk is neither skipped nor repeated.
      const [createdAt, id] =
        page.cursor === undefined ? [null, null] : decodeCursor(page.cursor, ['t', 's']);
      const { rows } = await sql.query(
        `SELECT ${columns} FROM opwire_ai_conversations
          WHERE tenant = $1 AND principal_id = $2
            AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
          ORDER BY created_at DESC, id DESC LIMIT $5`,
        [owner.tenant, owner.principalId, createdAt, id, page.limit + 1],
      );
      const conversations = rows.slice(0, page.limit).map(toConversation);
      const last = conversations.at(-1);
      return rows.length > page.limit && last
        ? { conversations, next: encodeCursor([last.createdAt, last.id]) }
        : { conversations };
    },
    async delete(id, owner, options = {}) {
      // One statement: the row goes and its id is kept, so no open can come in between.
      const { rowCount } = await sql.query(
        `WITH gone AS (DELETE FROM opwire_ai_conversations ${owned} RETURNING id, tenant, principal_id)
          INSERT INTO opwire_ai_deleted_conversations (id, tenant, principal_id, deleted_at, reopenable)
            SELECT id, tenant, principal_id, now(), $4::boolean FROM gone ON CONFLICT (id) DO NOTHING`,
        [id, owner.tenant, owner.principalId, options.reopenable === true],
      );
      return rowCount > 0;
    },
    async append(id, owner, { messages, turnId, at, ending }) {
      const time = normalizeTime(at, 'at');
      const stored = ending === undefined ? undefined : checkTurnEnding(ending);
      return sql.transaction(async (query) => {
        // The row lock orders concurrent appends to one conversation, so sequences never collide.
        const { rows: found } = await query(
          `UPDATE opwire_ai_conversations SET updated_at = greatest(updated_at, $4::timestamptz) ${owned} RETURNING id`,
          [id, owner.tenant, owner.principalId, time],
        );
        if (found.length === 0) return undefined;
        const {
          rows: [last],
        } = await query<{ sequence: number | null }>(
          'SELECT max(sequence) AS sequence FROM opwire_ai_messages WHERE conversation_id = $1',
          [id],
        );
        const { rows } = await query(
          `INSERT INTO opwire_ai_messages
              (conversation_id, sequence, turn_id, at, message, turn_outcome, turn_code, turn_sources)
            SELECT $1, $2::int + m.ordinality, $3, $4, m.value, $6, $7, $8::json
              FROM json_array_elements($5::json) WITH ORDINALITY AS m(value, ordinality)
            RETURNING sequence, turn_id, at, message, turn_outcome, turn_code, turn_sources`,
          [
            id,
            Number(last?.sequence ?? 0),
            turnId ?? null,
            time,
            JSON.stringify(messages),
            stored?.outcome ?? null,
            stored?.code ?? null,
            stored?.sources === undefined ? null : JSON.stringify(stored.sources),
          ],
        );
        return rows.map((row) => toMessage(id, row)).sort((left, right) => left.sequence - right.sequence);
      });
    },
    async removeAfter(id, owner, after) {
      checkSequence(after);
      const { rows } = await sql.query<{ owned: boolean; removed: number }>(
        `WITH owned AS (SELECT id FROM opwire_ai_conversations ${owned} FOR UPDATE),
          gone AS (DELETE FROM opwire_ai_messages m USING owned o
            WHERE m.conversation_id = o.id AND m.sequence > $4::int RETURNING 1)
          SELECT EXISTS (SELECT 1 FROM owned) AS owned, (SELECT count(*)::int FROM gone) AS removed`,
        [id, owner.tenant, owner.principalId, after],
      );
      return rows[0]?.owned ? Number(rows[0].removed) : undefined;
    },
    async messages(id, owner, { limit, before }) {
      checkLimit(limit);
      if (before !== undefined) checkBefore(before);
      const { rows } = await sql.query(
        `SELECT m.sequence, m.turn_id, m.at, m.message, m.turn_outcome, m.turn_code, m.turn_sources FROM opwire_ai_conversations c
          LEFT JOIN opwire_ai_messages m ON m.conversation_id = c.id AND ($4::int IS NULL OR m.sequence < $4::int)
          WHERE c.id = $1 AND c.tenant = $2 AND c.principal_id = $3
          ORDER BY m.sequence DESC NULLS LAST LIMIT $5`,
        [id, owner.tenant, owner.principalId, before ?? null, limit],
      );
      if (rows.length === 0) return undefined;
      return rows.filter((row) => row.sequence !== null).map((row) => toMessage(id, row));
    },
  };
}
