import type { RateLimitStore } from '@opwire/core';
import type { Driver } from './driver.js';
import { createPurger } from './middleware-tables.js';

/**
 * Core's `RateLimitStore` over the `opwire_rate_limits` table: one row per key, counted with one
 * atomic upsert, so every process on the database shares the count. Rows of windows that ended are deleted
 * now and then (keys such as client addresses would otherwise pile up).
 */
export function createPostgresRateLimitStore(driver: Driver, table: string): RateLimitStore {
  const upsert = `INSERT INTO ${table} AS counter (key, window_start, count, reset_at) VALUES ($1, $2, 1, $3)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN EXCLUDED.window_start > counter.window_start THEN 1 ELSE counter.count + 1 END,
      window_start = GREATEST(counter.window_start, EXCLUDED.window_start),
      reset_at = GREATEST(counter.reset_at, EXCLUDED.reset_at)
    RETURNING count, reset_at`;
  const purge = createPurger(table, 'reset_at');
  return {
    async hit(key, windowMs, now) {
      const start = now - (now % windowMs);
      const result = await driver.withSession(async (session) => {
        await purge(now, session, false);
        return session.query<{ count: number | string; reset_at: number | string }>(upsert, [
          key,
          start,
          start + windowMs,
        ]);
      });
      const row = result.rows[0] as { count: number | string; reset_at: number | string };
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
  };
}
