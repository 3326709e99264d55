import { coreErrors } from '@opwire/core';

const install = 'npm install @electric-sql/pglite @electric-sql/pglite-pgvector';

function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' && error instanceof Error && error.message.includes(`'${name}'`);
}

async function load<Module>(name: string, importModule: () => Promise<Module>): Promise<Module> {
  try {
    return await importModule();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: `embedded PostgreSQL needs ${name}, which is not installed (${install}); or pass { url } for a PostgreSQL server`,
      },
      cause: error,
    });
  }
}

/**
 * Loads PGlite, an optional peer of this package, on first use: a user with a PostgreSQL server never installs
 * it. Missing, it fails with `INVALID_CONFIGURATION` saying what to install.
 */
export function loadPglite(): Promise<typeof import('@electric-sql/pglite')> {
  return load('@electric-sql/pglite', () => import('@electric-sql/pglite').catch(rethrow));
}

/** Loads pgvector for PGlite (an optional peer too) on first use, with the same error when it is missing. */
export function loadPgvector(): Promise<typeof import('@electric-sql/pglite-pgvector')> {
  return load('@electric-sql/pglite-pgvector', () => import('@electric-sql/pglite-pgvector').catch(rethrow));
}

/**
 * The imports above end in `.catch`, so a bundler (esbuild) resolving an app's imports leaves a missing optional
 * peer to run time, where `load` explains it, instead of failing the whole bundle.
 */
function rethrow(error: unknown): never {
  throw error;
}
