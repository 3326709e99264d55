import { coreErrors } from '@opwire/core';
import pg from 'pg';
import { type DatabaseTarget, databaseAttributes, traceDriver } from './database-spans.js';
import type { Driver, Session, SessionResult } from './driver.js';

/** How to reach a PostgreSQL server. */
export interface PoolDriverOptions {
  readonly url: string;
  readonly schema?: string;
  readonly max?: number;
  readonly connectionTimeoutMs?: number;
}

/** Opens a `pg` connection pool; each session checks out one connection and returns it. */
export function createPoolDriver(options: PoolDriverOptions): Driver {
  const config: pg.PoolConfig = {
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  };
  const pool = new pg.Pool(config);
  // An idle connection the server dropped must not crash the process; the next checkout reconnects.
  pool.on('error', () => {});
  let closed = false;
  return traceDriver(
    {
      kind: 'server',
      async withSession(work) {
        if (closed) throw new Error('This PostgreSQL database is closed.');
        const client = await pool.connect().catch((error: unknown) => {
          throw coreErrors.UNAVAILABLE({ cause: error });
        });
        let released = false;
        let cancelled = false;
        // A connection that drops while checked out emits `error` on the client; unheard, it would crash the process.
        let broken = false;
        const onError = () => {
          broken = true;
        };
        client.on('error', onError);
        const release = (destroy: boolean) => {
          if (released) return;
          released = true;
          client.off('error', onError);
          client.release(destroy || broken);
        };
        const session: Session = {
          async query<Row>(sql: string, params?: readonly unknown[]): Promise<SessionResult<Row>> {
            const result = await client.query(sql, params ? [...params] : undefined);
            return {
              rows: result.rows as Row[],
              rowCount: result.rowCount ?? result.rows.length,
              command: result.command,
            };
          },
          cancel() {
            const processId = (client as unknown as { processID?: number }).processID;
            if (released || processId === undefined) return;
            // A late cancel could hit the next user's statement, so this connection is never reused.
            cancelled = true;
            void cancelBackend(config, processId);
          },
          discard() {
            release(true);
          },
        };
        try {
          return await work(session);
        } finally {
          release(cancelled);
        }
      },
      later() {
        return undefined;
      },
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    },
    databaseAttributes(targetOf(options.url, options.schema)),
    instrumentedPg,
  );
}

/**
 * Whether `@opentelemetry/instrumentation-pg` (alone or in the auto-instrumentations) has wrapped `pg`'s
 * `Client#query`, as its shimmer marks a wrapper: it then makes a span of every statement, and a second
 * one of ours would count each twice. Asked per statement: an instrumentation may be enabled after start.
 */
function instrumentedPg(): boolean {
  return (pg.Client.prototype.query as { __wrapped?: boolean }).__wrapped === true;
}

/** The database, host and port a connection string names (libpq's defaults where it names none). */
function targetOf(url: string, schema: string | undefined): DatabaseTarget {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || 'postgres';
  return {
    database: decodeURIComponent(parsed.pathname.slice(1)) || user,
    schema,
    address: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: parsed.port ? Number(parsed.port) : 5432,
  };
}

/** Cancels the statement a backend is running, over a connection of its own (outside the pool). */
async function cancelBackend(config: pg.ClientConfig, processId: number): Promise<void> {
  const canceller = new pg.Client(config);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [processId]);
  } catch {
    // Best effort: the transaction still rolls back once the statement ends.
  } finally {
    await canceller.end().catch(() => {});
  }
}
