import {
  type AuditLog,
  consoleLogger,
  type IdempotencyStore,
  type RateLimitStore,
  type TransactionManager,
} from '@opwire/core';
import { ensureAuditTable } from './audit-table.js';
import type { Driver, PostgresKind, QueryResult } from './driver.js';
import { checkHealth, type PostgresHealth } from './health.js';
import { ensureMiddlewareTables, middlewareTableNames } from './middleware-tables.js';
import { createPgliteDriver } from './pglite-driver.js';
import { createPoolDriver } from './pool-driver.js';
import { createPostgresAuditLog } from './postgres-audit-log.js';
import { createPostgresIdempotencyStore } from './postgres-idempotency-store.js';
import { checkPostgresOptions, type PostgresOptions } from './postgres-options.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';
import type { PostgresTransaction } from './postgres-transaction.js';
import { createPostgresTransactionManager } from './postgres-transaction-manager.js';

/** An open database with core's ports over it. */
export interface Postgres {
  readonly kind: PostgresKind;
  /** Pass to `createOpwire({ transactions })`; closing it closes the database. */
  readonly transactions: TransactionManager;
  /** Pass to `createOpwire({ audit })`; records live in the `opwire_audit` table. */
  readonly audit: AuditLog;
  /** Pass to `rateLimit({ store })`: counters in `opwire_rate_limits`, shared by every process. */
  readonly rateLimits: RateLimitStore;
  /** Pass to `idempotency({ store })`: records in `opwire_idempotency`, written in each call's transaction. */
  readonly idempotency: IdempotencyStore;
  /** Runs one statement on its own (autocommit); inside a handler use `sqlOf(context).query` instead. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Applies statements in order, in one transaction under a lock, so concurrent starts do not race. */
  migrate(statements: readonly string[]): Promise<void>;
  /** Whether the database answers; never includes a connection string or an error message. */
  health(): Promise<PostgresHealth>;
  close(): Promise<void>;
}

/** Opens PostgreSQL — a server when `url` is given, else embedded PGlite — and prepares the audit table. */
export async function createPostgres(options: PostgresOptions = {}): Promise<Postgres> {
  checkPostgresOptions(options);
  const logger = options.logger ?? consoleLogger;
  const driver: Driver =
    options.url === undefined
      ? await createPgliteDriver({ dataDir: options.dataDir, schema: options.schema })
      : createPoolDriver({
          url: options.url,
          schema: options.schema,
          max: options.pool?.max,
          connectionTimeoutMs: options.pool?.connectionTimeoutMs,
        });
  const close = () => driver.close();
  const transactions = createPostgresTransactionManager({ driver, logger, close });
  const audit = createPostgresAuditLog({ driver, schema: options.schema, logger });

  const inMigration = async (work: (transaction: PostgresTransaction) => Promise<void>) => {
    await transactions.run(
      async (transaction) => {
        const postgresTransaction = transaction as PostgresTransaction;
        await postgresTransaction.query("SELECT pg_advisory_xact_lock(hashtext('opwire.migrate'))");
        await work(postgresTransaction);
      },
      { readOnly: false },
    );
  };

  try {
    await inMigration(async (transaction) => {
      await ensureAuditTable(transaction, options.schema);
      await ensureMiddlewareTables(transaction, options.schema);
    });
  } catch (error) {
    await driver.close().catch(() => {});
    throw error;
  }

  const tables = middlewareTableNames(options.schema);
  return {
    kind: driver.kind,
    transactions,
    audit,
    rateLimits: createPostgresRateLimitStore(driver, tables.rateLimits),
    idempotency: createPostgresIdempotencyStore(tables.idempotency),
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const { rows, rowCount } = await driver.withSession((session) => session.query<Row>(sql, params));
      return { rows, rowCount };
    },
    migrate(statements) {
      return inMigration(async (transaction) => {
        for (const statement of statements) await transaction.query(statement);
      });
    },
    health: () => checkHealth(driver),
    close,
  };
}
