import { coreErrors, type Logger } from '@opwire/core';

/** How to open the database: a server when `url` is given, else embedded PGlite. */
export interface PostgresOptions {
  /** `postgres://...` of a PostgreSQL server; when absent, PGlite runs in this process. */
  readonly url?: string | undefined;
  /** PGlite's data folder; when absent (and no `url`), the database lives in memory. */
  readonly dataDir?: string | undefined;
  /** A schema to keep Opwire's tables (and, through `search_path`, the app's) apart, created if missing. */
  readonly schema?: string | undefined;
  /** Server connection pool settings. */
  readonly pool?: { readonly max?: number; readonly connectionTimeoutMs?: number };
  /** Where failing commit/rollback callbacks and deferred audit appends are reported. */
  readonly logger?: Logger;
}

const schemaPattern = /^[a-z_][a-z0-9_]{0,62}$/;

/** Rejects options that cannot work, before anything is opened. */
export function checkPostgresOptions(options: PostgresOptions): void {
  const fail = (reason: string) => {
    throw coreErrors.INVALID_CONFIGURATION({ params: { reason } });
  };
  if (options.url !== undefined && options.dataDir !== undefined) {
    fail('give either url (a PostgreSQL server) or dataDir (embedded PGlite), not both');
  }
  if (options.url !== undefined && !/^postgres(ql)?:\/\//.test(options.url)) {
    fail('url must start with postgres:// or postgresql://');
  }
  if (options.schema !== undefined && !schemaPattern.test(options.schema)) {
    fail('schema must be lower-case letters, digits and underscores, starting with a letter or underscore');
  }
  const max = options.pool?.max;
  if (max !== undefined && (!Number.isSafeInteger(max) || max < 1))
    fail('pool.max must be a whole number of 1 or more');
}
