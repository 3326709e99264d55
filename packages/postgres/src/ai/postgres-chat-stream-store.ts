import {
  type ChatStreamStore,
  type ChatStreamStoreOptions,
  checkStaleMs,
  endedTurnsKeptMs,
} from '@opwire/ai';
import type { SqlAccess } from './sql-access.js';

/** A chunk of a turn's UI message stream, as the port takes it. */
type UIMessageChunk = Parameters<ChatStreamStore['append']>[2][number];

/** How many chunks one read returns at most (the reader reads again at once for the rest). */
const chunksPerRead = 1000;

/**
 * A `ChatStreamStore` over the `opwire_ai_streams` and `opwire_ai_stream_chunks` tables (made with the governance
 * tables, `governanceSchema`), shared by every process on the database: hand it to `createChatStreams({ store })`
 * in each, and a resume or a stop that lands on any of them reaches the turn. Times are the database's clock, so
 * the processes' clocks need not agree.
 */
export function createPostgresChatStreamStore(
  sql: SqlAccess,
  options: ChatStreamStoreOptions = {},
): ChatStreamStore {
  const staleMs = checkStaleMs(options.staleMs);
  const running = `ended_at IS NULL AND beat_at > clock_timestamp() - ${staleMs} * interval '1 millisecond'`;
  const newest = `SELECT stream_key FROM opwire_ai_streams
    WHERE chat_id = $1 AND owner = $2 AND ${running}
    ORDER BY opened_at DESC, stream_key DESC LIMIT 1`;
  return {
    async open({ chatId, owner }) {
      await sql.query(
        `DELETE FROM opwire_ai_streams
          WHERE coalesce(ended_at, beat_at) < clock_timestamp() - ${endedTurnsKeptMs} * interval '1 millisecond'`,
      );
      const key = crypto.randomUUID();
      await sql.query(
        `INSERT INTO opwire_ai_streams (stream_key, chat_id, owner, opened_at, beat_at)
          VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp())`,
        [key, chatId, owner],
      );
      return key;
    },
    async append(key, from, chunks) {
      if (chunks.length === 0) return;
      await sql.query(
        `INSERT INTO opwire_ai_stream_chunks (stream_key, position, chunk)
          SELECT $1, $2::integer + (number - 1)::integer, value
            FROM json_array_elements($3::json) WITH ORDINALITY AS appended (value, number)
            WHERE EXISTS (SELECT 1 FROM opwire_ai_streams WHERE stream_key = $1)
          ON CONFLICT (stream_key, position) DO NOTHING`,
        [key, from, JSON.stringify(chunks)],
      );
    },
    async beat(keys) {
      if (keys.length === 0) return { stop: [], read: [] };
      const { rows } = await sql.query<{ stream_key: string; stop_asked: boolean; read_elsewhere: boolean }>(
        `UPDATE opwire_ai_streams AS turn SET beat_at = clock_timestamp(), read_elsewhere = false
          FROM (SELECT stream_key, stop_asked, read_elsewhere FROM opwire_ai_streams
                 WHERE stream_key = ANY($1::text[]) AND ended_at IS NULL FOR UPDATE) AS before
          WHERE turn.stream_key = before.stream_key
          RETURNING turn.stream_key, before.stop_asked, before.read_elsewhere`,
        [keys],
      );
      return {
        stop: rows.filter((row) => row.stop_asked).map((row) => row.stream_key),
        read: rows.filter((row) => row.read_elsewhere).map((row) => row.stream_key),
      };
    },
    async end(key) {
      await sql.query(
        'UPDATE opwire_ai_streams SET ended_at = clock_timestamp() WHERE stream_key = $1 AND ended_at IS NULL',
        [key],
      );
    },
    async find(chatId, owner) {
      const { rows } = await sql.query<{ stream_key: string }>(newest, [chatId, owner]);
      return rows[0]?.stream_key;
    },
    async read(key, from) {
      const { rows } = await sql.query<{ ended: boolean; chunks: UIMessageChunk[] | null }>(
        `WITH turn AS (
           UPDATE opwire_ai_streams SET read_elsewhere = true WHERE stream_key = $1 AND ${running} RETURNING 1
         )
         SELECT NOT EXISTS (SELECT 1 FROM turn) AS ended,
           (SELECT json_agg(chunk ORDER BY position) FROM (
              SELECT chunk, position FROM opwire_ai_stream_chunks
               WHERE stream_key = $1 AND position >= $2 ORDER BY position LIMIT ${chunksPerRead}) AS page) AS chunks`,
        [key, Math.max(0, from)],
      );
      return { chunks: rows[0]?.chunks ?? [], ended: rows[0]?.ended ?? true };
    },
    async requestStop(chatId, owner) {
      const { rows } = await sql.query<{ stream_key: string }>(
        `UPDATE opwire_ai_streams SET stop_asked = true WHERE stream_key = (${newest}) RETURNING stream_key`,
        [chatId, owner],
      );
      return rows[0]?.stream_key;
    },
    async remove(key) {
      await sql.query('DELETE FROM opwire_ai_streams WHERE stream_key = $1', [key]);
    },
    async ended(key) {
      const { rows } = await sql.query(
        `SELECT 1 FROM opwire_ai_streams WHERE stream_key = $1 AND ${running}`,
        [key],
      );
      return rows.length === 0;
    },
  };
}
