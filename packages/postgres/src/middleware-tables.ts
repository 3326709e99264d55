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
    completed boolean NOT NULL DEFAULT false,
    expires_at bigint NOT NULL,
    PRIMARY KEY (scope, key)
  )`);
}
