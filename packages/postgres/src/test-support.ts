import { it } from 'vitest';
import { createPostgres, type Postgres, type PostgresOptions } from './index.js';

/** Where a test file's databases come from: PGlite always, the server when DATABASE_URL is set. (Tests only.) */
export interface TestTarget {
  readonly name: string;
  /** Opens a database in a schema of its own; `dispose` drops that schema (server) and closes. */
  open(options?: PostgresOptions): Promise<Postgres & { dispose(): Promise<void> }>;
}

const serverUrl = process.env.DATABASE_URL;
let counter = 0;

/** A schema name no other test file or run uses. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now()}_${++counter}`;
}

/** A logger that keeps what it is told, so tests can assert on it and keep the output clean. */
export function collectingLogger(): {
  error(message: string): void;
  warn(message: string): void;
  messages: string[];
} {
  const messages: string[] = [];
  return {
    messages,
    error: (message) => messages.push(message),
    warn: (message) => messages.push(message),
  };
}

/** The databases every test file runs against. */
export const testTargets: readonly TestTarget[] = [
  {
    name: 'PGlite',
    async open(options = {}) {
      const postgres = await createPostgres({ logger: collectingLogger(), ...options });
      return Object.assign(postgres, { dispose: () => postgres.close() });
    },
  },
  ...(serverUrl
    ? [
        {
          name: 'server',
          async open(options: PostgresOptions = {}) {
            const schema = options.schema ?? uniqueSchema('opwire_test');
            const postgres = await createPostgres({
              logger: collectingLogger(),
              ...options,
              url: serverUrl,
              schema,
            });
            const dispose = async () => {
              await postgres.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
              await postgres.close();
            };
            return Object.assign(postgres, { dispose });
          },
        },
      ]
    : []),
];

/** Registers a visible skip for the server target when DATABASE_URL is not set. */
export function noteServerSkip(): void {
  if (!serverUrl) it.skip('against a PostgreSQL server [skipped: DATABASE_URL is not set]', () => {});
}

/** The server URL, when tests may use one. */
export const testServerUrl: string | undefined = serverUrl;
