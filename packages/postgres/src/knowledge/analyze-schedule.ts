import type { SqlClient } from './sql-client.js';

/** Keeps planner statistics fresh where nothing else does; `afterWrite` is called after each committed upsert. */
export interface AnalyzeSchedule {
  afterWrite(chunks: number): Promise<void>;
}

// Below this many chunks written since the last ANALYZE, the planner's picture is close enough.
const minimumGrowth = 1000;

/**
 * PGlite runs no autovacuum, so never-analyzed tables leave the planner guessing, and it picks whole-scope
 * scans over the per-term and primary-key lookups lexical search needs. On PGlite this analyzes the tables at
 * open when they were never analyzed, then whenever the chunks have grown by as many as they held (and at least
 * 1,000): a handful of ANALYZEs over a whole ingest. A server's autovacuum does this itself, so there it is a no-op.
 */
export async function createAnalyzeSchedule(client: SqlClient, table: string): Promise<AnalyzeSchedule> {
  if (client.kind !== 'pglite') return { afterWrite: async () => undefined };
  const analyze = () => client.query(`ANALYZE ${table}, ${table}_postings, ${table}_stats`);
  const [row] = await client.query<{ analyzed: number; chunks: number }>(
    `SELECT (SELECT reltuples FROM pg_class WHERE oid = to_regclass($1))::float8 AS analyzed,
       (SELECT count(*) FROM ${table})::float8 AS chunks`,
    [`${table}_postings`],
  );
  let analyzedAt = Number(row?.chunks ?? 0);
  if (Number(row?.analyzed ?? -1) < 0 && analyzedAt > 0) await analyze();
  let written = 0;
  return {
    async afterWrite(chunks) {
      written += chunks;
      if (written < Math.max(minimumGrowth, analyzedAt)) return;
      analyzedAt += written;
      written = 0;
      // The upsert has committed; a failed ANALYZE only leaves the planner's picture older.
      await analyze().catch(() => undefined);
    },
  };
}
