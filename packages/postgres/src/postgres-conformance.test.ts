import type { MiddlewareStoreHarness } from '@opwire/core/testing';
import { describeMiddlewareStoreConformance, describePortConformance } from '@opwire/core/testing';
import { it } from 'vitest';
import { createPostgres, type PostgresOptions } from './index.js';
import { PostgresTransaction } from './postgres-transaction.js';

const serverUrl = process.env.DATABASE_URL;

async function harnessFor(options: PostgresOptions): Promise<MiddlewareStoreHarness> {
  const postgres = await createPostgres(options);
  await postgres.migrate(['CREATE TABLE IF NOT EXISTS conformance_writes (key text PRIMARY KEY)']);
  return {
    transactions: postgres.transactions,
    audit: postgres.audit,
    rateLimits: postgres.rateLimits,
    idempotency: postgres.idempotency,
    async write(transaction, key) {
      if (!PostgresTransaction.isInstance(transaction)) throw new Error('expected a PostgresTransaction');
      await transaction.query('INSERT INTO conformance_writes (key) VALUES ($1)', [key]);
    },
    async committedKeys() {
      const { rows } = await postgres.query<{ key: string }>('SELECT key FROM conformance_writes');
      return rows.map((row) => row.key);
    },
    async close() {
      if (options.schema) await postgres.query(`DROP SCHEMA ${options.schema} CASCADE`);
      await postgres.close();
    },
  };
}

describePortConformance('PostgreSQL adapters on PGlite (in memory)', () => harnessFor({ logger: silent() }));
describeMiddlewareStoreConformance('PostgreSQL rate-limit and idempotency stores on PGlite (in memory)', () =>
  harnessFor({ logger: silent() }),
);

if (serverUrl) {
  describePortConformance('PostgreSQL adapters on a PostgreSQL server', () =>
    harnessFor({
      url: serverUrl,
      schema: `opwire_conformance_${process.pid}_${Date.now()}`,
      logger: silent(),
    }),
  );
  describeMiddlewareStoreConformance(
    'PostgreSQL rate-limit and idempotency stores on a PostgreSQL server',
    () =>
      harnessFor({
        url: serverUrl,
        schema: `opwire_middleware_${process.pid}_${Date.now()}`,
        logger: silent(),
      }),
  );
} else {
  it.skip('PostgreSQL adapters on a PostgreSQL server [skipped: DATABASE_URL is not set]', () => {});
}

function silent() {
  return { error() {}, warn() {} };
}
