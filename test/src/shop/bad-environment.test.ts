import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `apps/shop/src/main.ts` given one bad environment variable: it exits with code 1 and one line naming the variable
// and the reason, without a stack trace, whether the value is refused up front or only when the database opens or
// the server listens.

const shopMain = fileURLToPath(new URL('../../../apps/shop/src/main.ts', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;

/** Runs the shop until it exits (or, refusing nothing, until it listens: then it is stopped and `started` is true). */
function runShopMain(environment: Readonly<Record<string, string>>) {
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _base, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', shopMain], {
    env: { ...inherited, PORT: '0', DATABASE_URL: '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!started && /API\s+http:/.test(stdout)) {
      started = true;
      child.kill('SIGKILL');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stderr: string; started: boolean }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr, started })),
  );
}

let folder: string;
let busy: Server;
let busyPort: number;
let closedPort: number;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'opwire-shop-env-'));
  await writeFile(join(folder, 'a-file'), 'not a folder');
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

// Each case: the environment, then the line expected on stderr.
const cases: ReadonlyArray<
  readonly [string, () => Record<string, string>, RegExp, { readonly needsServer?: boolean }?]
> = [
  [
    'LOG_LEVEL',
    () => ({ LOG_LEVEL: 'verbose' }),
    /^LOG_LEVEL must be debug, info, warn, error or silent, not "verbose"\.$/,
  ],
  [
    'ACCESS_LOG',
    () => ({ ACCESS_LOG: 'yes' }),
    /^ACCESS_LOG must be 1 or true \(one line per request\), or 0 or false \(none\), not "yes"\.$/,
  ],
  [
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not-a-url' }),
    /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http:\/\/ or https:\/\/ URL .*, not "not-a-url"\.$/,
  ],
  [
    'CORS_ORIGINS (*)',
    () => ({ CORS_ORIGINS: '*' }),
    /^CORS_ORIGINS cannot be "\*" in the shop: it is also MCP's Origin allow-list, which takes no wildcard; .*\.$/,
  ],
  [
    'HTTP_PREFIX',
    () => ({ HTTP_PREFIX: 'api' }),
    /^HTTP_PREFIX must be a path such as \/api .*, not "api"\.$/,
  ],
  [
    'DATABASE_URL (no URL)',
    () => ({ DATABASE_URL: 'not-a-url' }),
    /^DATABASE_URL: url must start with postgres:\/\/ or postgresql:\/\/, not "not-a-url"\.$/,
  ],
  [
    'DATABASE_SCHEMA',
    () => ({ DATABASE_SCHEMA: 'bad schema' }),
    /^DATABASE_SCHEMA: schema must be lower-case letters, digits and underscores, starting with a letter or underscore, not "bad schema"\.$/,
  ],
  [
    'DATABASE_URL (nobody listening)',
    () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/postgres` }),
    /^DATABASE_URL: cannot open the database: .+/,
  ],
  [
    'DATABASE_URL (no such database)',
    () => {
      const url = new URL(databaseUrl ?? 'postgres://localhost');
      url.pathname = '/opwire_no_such_database';
      return { DATABASE_URL: url.href };
    },
    /^DATABASE_URL: cannot open the database: .*opwire_no_such_database.* does not exist$/,
    { needsServer: true },
  ],
  [
    'DATA_DIR',
    () => ({ DATA_DIR: join(folder, 'a-file') }),
    /^DATA_DIR: cannot use .*a-file as the database folder: .*EEXIST/,
  ],
  [
    'HOST',
    () => ({ HOST: '192.0.2.1', DATA_DIR: join(folder, 'host') }),
    /^HOST: cannot listen on 192\.0\.2\.1:0: .*EADDRNOTAVAIL/,
  ],
  [
    'PORT',
    () => ({ PORT: String(busyPort), DATA_DIR: join(folder, 'port') }),
    /^PORT: cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/,
  ],
];

describe('the shop started with a bad environment variable', () => {
  for (const [name, environment, line, options] of cases) {
    // A case that needs a PostgreSQL server runs when DATABASE_URL names one.
    it.skipIf(options?.needsServer === true && !databaseUrl)(
      `${name}: exits with code 1 and one line naming it, without a stack trace`,
      async () => {
        const { code, stderr, started } = await runShopMain(environment());
        const named = stderr.split('\n').filter((text) => line.test(text));
        expect({ started, code, named: named.length }, stderr).toEqual({ started: false, code: 1, named: 1 });
        expect(stderr).not.toMatch(/^\s+at /m);
      },
      120_000,
    );
  }
});
