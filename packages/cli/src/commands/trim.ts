import { parseArgs } from 'node:util';
import { DataError } from '../data-error.js';
import { lockDataDir } from '../lock-data-dir.js';
import { parseWholeNumber } from '../open-cli-knowledge.js';
import { requireDataDirNamed, requireStore } from '../require-store.js';
import { UsageError } from '../usage-error.js';

/** What `opwire trim --help` prints. */
export const usage =
  'usage: opwire trim --older-than-days <n> [--database-url <postgres://…> | --data-dir <PGlite folder>] [--schema <name>] [--tenant <tenant>]';

/** Runs the command; returns the exit code. The database is `--database-url`, else `DATABASE_URL`, else `--data-dir`. */
export async function run(
  args: string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'older-than-days': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      schema: { type: 'string' },
      tenant: { type: 'string' },
    },
  });
  if (values['older-than-days'] === undefined) throw new UsageError('--older-than-days is required');
  const olderThanDays = parseWholeNumber('--older-than-days', values['older-than-days'], {
    min: 1,
    max: 36_500,
  });
  if (values['database-url'] !== undefined && values['data-dir'] !== undefined) {
    throw new UsageError('give either --database-url or --data-dir, not both');
  }
  const url =
    values['data-dir'] === undefined
      ? (values['database-url'] ?? (env.DATABASE_URL || undefined))
      : undefined;
  if (url === undefined && values['data-dir'] === undefined) {
    throw new UsageError('name the database: --database-url (or DATABASE_URL) or --data-dir');
  }
  requireDataDirNamed(values['data-dir']);
  if (url === undefined && values['data-dir'] !== undefined) requireStore('--data-dir', values['data-dir']);
  // Loaded only when the command runs, so `opwire` listing its commands stays quick.
  const [{ createGovernance }, { isOpwireError }, { createPostgres }, { createPostgresGovernanceStores }] =
    await Promise.all([
      import('@opwire/ai'),
      import('@opwire/core'),
      import('@opwire/postgres'),
      import('@opwire/postgres/ai'),
    ]);
  // PGlite serves one process at a time (the lock is released at exit if opening fails).
  const release =
    url === undefined && values['data-dir'] !== undefined ? lockDataDir(values['data-dir']) : undefined;
  const db = await createPostgres({
    ...(url === undefined ? { dataDir: values['data-dir'] } : { url }),
    ...(values.schema === undefined ? {} : { schema: values.schema }),
  }).catch((error: unknown) => {
    // A malformed URL or schema is the command line's fault: say so without a stack trace.
    if (isOpwireError(error) && error.code === 'INVALID_CONFIGURATION') throw new UsageError(error.message);
    // "Unavailable" alone cannot tell a server that is down from a role it refuses: the driver's own line can
    // (`connect ECONNREFUSED host:port`, `role "x" does not exist`, never the password).
    if (isOpwireError(error) && error.code === 'UNAVAILABLE' && error.cause instanceof Error) {
      throw new DataError(`cannot open the database: ${error.cause.message.split('\n')[0]}`, {
        cause: error,
      });
    }
    throw error;
  });
  try {
    const governance = createGovernance({ ...(await createPostgresGovernanceStores(db)), audit: db.audit });
    const result = await governance.trim({
      olderThanDays,
      ...(values.tenant === undefined ? {} : { tenant: values.tenant }),
    });
    const scope = values.tenant === undefined ? '' : ` of tenant ${values.tenant}`;
    console.log(
      `removed ${result.turns} turns, ${result.events} AI audit events and ${result.auditRecords ?? 0} audit records${scope} from before ${result.before}`,
    );
    return 0;
  } finally {
    await db.close();
    release?.();
  }
}
