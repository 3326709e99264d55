import type { Queryable } from './driver.js';

/** The table names of the rate-limit counters and idempotency records, qualified by the schema. */
export function middlewareTableNames(schema: string | undefined): {
  rateLimits: string;
  idempotency: string;
} {
  const prefix = schema ? `${schema}.` : '';
  return { rateLimits: `${prefix}opwire_rate_limits`, idempotency: `${prefix}opwire_idempotency` };
}

/** Creates the rate-limit and idempotency tables if missing; runs in the migration transaction. */
export async function ensureMiddlewareTables(session: Queryable, schema: string | undefined): Promise<void> {
  const tables = middlewareTableNames(schema);
  await session.query(`CREATE TABLE IF NOT EXISTS ${tables.rateLimits} (
    key text PRIMARY KEY,
    window_start bigint NOT NULL,
    count integer NOT NULL,
    reset_at bigint NOT NULL
  )`);
  await session.query(`CREATE TABLE IF NOT EXISTS ${tables.idempotency} (
    scope text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    response text,
    response_headers text,
    completed boolean NOT NULL DEFAULT false,
    expires_at bigint NOT NULL,
    PRIMARY KEY (scope, key)
  )`);
  // Tables made before replays carried the headers the first call set.
  await session.query(`ALTER TABLE ${tables.idempotency} ADD COLUMN IF NOT EXISTS response_headers text`);
  // The stores delete what has expired now and then; these keep that from reading the whole table.
  const bare = (table: string) => table.slice(table.lastIndexOf('.') + 1);
  await session.query(
    `CREATE INDEX IF NOT EXISTS ${bare(tables.rateLimits)}_reset_at ON ${tables.rateLimits} (reset_at)`,
  );
  await session.query(
    `CREATE INDEX IF NOT EXISTS ${bare(tables.idempotency)}_expires_at ON ${tables.idempotency} (expires_at)`,
  );
}

/** How often (at most) a store deletes what has expired: once a minute, by the clocks its calls pass. */
export const purgeIntervalMs = 60_000;

/**
 * Deletes rows whose time (`column`, epoch milliseconds) has passed, at most `purgeIntervalMs` apart, on the session
 * the store is using anyway. A batch at a time and only rows nobody holds (`SKIP LOCKED`), so a purge never waits
 * for another process and two processes purging never deadlock. Inside a caller's transaction it runs under a
 * savepoint: a purge that fails is rolled back alone, and the call goes on. It is tried again a minute later.
 */
export function createPurger(
  table: string,
  column: string,
): (now: number, session: Queryable, inTransaction: boolean) => Promise<void> {
  const purge = `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${column} <= $1 LIMIT 1000 FOR UPDATE SKIP LOCKED)`;
  let purgedAt = Number.NEGATIVE_INFINITY;
  return async (now, session, inTransaction) => {
    if (now - purgedAt < purgeIntervalMs) return;
    purgedAt = now;
    if (!inTransaction) {
      await session.query(purge, [now]).catch(() => undefined);
      return;
    }
    await session.query('SAVEPOINT opwire_purge');
    try {
      await session.query(purge, [now]);
      await session.query('RELEASE SAVEPOINT opwire_purge');
    } catch {
      await session.query('ROLLBACK TO SAVEPOINT opwire_purge');
    }
  };
}
