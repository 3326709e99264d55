import type { Extensions } from '@electric-sql/pglite';
import { databaseAttributes, traceDriver } from './database-spans.js';
import type { Driver, Session, SessionResult } from './driver.js';
import { loadPglite } from './load-pglite.js';
import { SerialQueue } from './serial-queue.js';

const reentry =
  'PGlite has one connection and this call was made inside a running transaction on it, so it would wait ' +
  'for itself. Inside a transaction, use the transaction (sqlOf(context).query) instead.';

/** Where an embedded database keeps its files (absent: in memory) and which schema comes first. */
export interface PgliteDriverOptions {
  readonly dataDir?: string;
  readonly schema?: string;
  /** PGlite extensions to load, such as pgvector's `vector`; each still needs `CREATE EXTENSION`. */
  readonly extensions?: Extensions;
}

/** Opens embedded PGlite (loaded on first use) and serializes every session on its single connection. */
export async function createPgliteDriver(options: PgliteDriverOptions): Promise<Driver> {
  const { PGlite } = await loadPglite();
  const database = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
  });
  // The schema itself is created under the migration lock at startup; search_path may name it first.
  if (options.schema) await database.query(`SET search_path TO ${options.schema}, public`);
  const queue = new SerialQueue(reentry);
  let closed = false;
  const session: Session = {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<SessionResult<Row>> {
      const result = await database.query<Row>(sql, params ? [...params] : undefined);
      return {
        rows: result.rows,
        rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
        command: result.command,
      };
    },
    // PGlite runs in this process, one statement at a time: there is nothing to cancel or drop.
    cancel() {},
    discard() {},
  };
  const ensureOpen = () => {
    if (closed) throw new Error('This PostgreSQL (PGlite) database is closed.');
  };
  return traceDriver(
    {
      kind: 'pglite',
      withSession(work) {
        return queue.run(async () => {
          ensureOpen();
          return work(session);
        });
      },
      later(work) {
        if (!queue.holding()) return undefined;
        return queue.enqueue(async () => {
          ensureOpen();
          await work(session);
        });
      },
      async close() {
        if (closed) return;
        await queue
          .run(async () => {
            closed = true;
            await database.close();
          })
          .catch(() => {});
        closed = true;
      },
    },
    // PGlite's one database is `postgres`; it runs in this process, so there is no server address.
    databaseAttributes({ database: 'postgres', schema: options.schema }),
  );
}
