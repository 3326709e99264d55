import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@opwire/core';
import { createShop, type Shop, type ShopOptions } from '@opwire/example-shop';
import pg from 'pg';

/** A request to the running shop; `body` is sent as JSON unless `rawBody` is given. */
export interface ShopRequest {
  readonly method?: string;
  readonly token?: string;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What came back: status, headers and the parsed JSON body (or the text when it is not JSON). */
export interface ShopResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** The rows that matter for "nothing changed": orders and audit records, hashed. */
export interface ShopSnapshot {
  readonly ordersDigest: string;
  readonly orderCount: number;
  readonly auditIds: readonly string[];
  readonly auditDigest: string;
}

/** How a call was rejected: its code, and whether the pipeline saw it and wrote its error record. */
export interface ExpectedRejection {
  readonly code: string;
  /** True when the pipeline refused the call (one `error` record); false when HTTP answered first (none). */
  readonly audited: boolean;
}

/** A shop started for one test file, on port 0 and in its own temporary folder or schema. */
export interface RunningShop {
  readonly shop: Shop;
  readonly url: string;
  /** The shop's schema on the PostgreSQL server, when it runs on one. */
  readonly schema: string | undefined;
  request(path: string, request?: ShopRequest): Promise<ShopResponse>;
  snapshot(): Promise<ShopSnapshot>;
  /** The audit rows written after `before` was taken. */
  auditSince(before: ShopSnapshot): Promise<Array<Record<string, unknown>>>;
  /** Verifies nothing changed since `before` but the rejected call's own error record, if it was audited. */
  expectUnchanged(before: ShopSnapshot, rejection: ExpectedRejection): Promise<void>;
  close(): Promise<void>;
}

/** Starts a fresh shop: embedded PGlite in a temp folder, or a fresh schema on `databaseUrl`. */
export async function startShop(
  options: {
    readonly databaseUrl?: string;
    readonly assistant?: ShopOptions['assistant'];
    /** The order-write rate limit; off unless a test is about it (property tests send many writes). */
    readonly writesPerMinute?: number | false;
    /** Operations served beside the shop's own (a test's slow write, say). */
    readonly operations?: ShopOptions['operations'];
    readonly mcp?: ShopOptions['mcp'];
    /** Prices, budgets, masking and history window of the governance (default: the demo's). */
    readonly governance?: ShopOptions['governance'];
    /** A base path, CORS origins and the access log, as `main.ts` reads them from the environment. */
    readonly http?: Pick<ShopOptions, 'prefix' | 'corsOrigins' | 'accessLog' | 'logger'>;
    /** The tokens and their callers (default: the demo's). */
    readonly callers?: ShopOptions['callers'];
  } = {},
): Promise<RunningShop> {
  const folder = options.databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'opwire-shop-'));
  const schema = options.databaseUrl ? `shop_e2e_${randomBytes(6).toString('hex')}` : undefined;
  const shopOptions: ShopOptions = options.databaseUrl
    ? { databaseUrl: options.databaseUrl, schema, port: 0, logger: quietLogger }
    : { dataDir: join(folder as string, 'pg'), port: 0, logger: quietLogger };
  const shop = await createShop({
    ...shopOptions,
    assistant: options.assistant ?? { env: {} },
    writesPerMinute: options.writesPerMinute ?? false,
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.mcp === undefined ? {} : { mcp: options.mcp }),
    ...(options.governance ? { governance: options.governance } : {}),
    ...(options.callers ? { callers: options.callers } : {}),
    ...options.http,
  });
  const { url } = await shop.listen();

  const auditRows = async () =>
    (await shop.db.query<Record<string, unknown>>('SELECT * FROM opwire_audit ORDER BY seq')).rows;
  const orderRows = async () => (await shop.db.query('SELECT * FROM shop_orders ORDER BY tenant, id')).rows;
  const snapshot = async (): Promise<ShopSnapshot> => {
    const [orders, audit] = [await orderRows(), await auditRows()];
    return {
      ordersDigest: digest(orders),
      orderCount: orders.length,
      auditIds: audit.map((row) => String(row.id)),
      auditDigest: digest(audit),
    };
  };
  const splitAudit = async (before: ShopSnapshot) => {
    const known = new Set(before.auditIds);
    const rows = await auditRows();
    return {
      kept: rows.filter((row) => known.has(String(row.id))),
      added: rows.filter((row) => !known.has(String(row.id))),
    };
  };

  return {
    shop,
    url,
    schema,
    async request(path, request = {}) {
      const headers: Record<string, string> = { ...request.headers };
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      let body: string | undefined = request.rawBody;
      if (body === undefined && request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(new URL(path, url), { method: request.method ?? 'GET', headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: response.status, headers: response.headers, body: parsed };
    },
    snapshot,
    auditSince: async (before) => (await splitAudit(before)).added,
    async expectUnchanged(before, rejection) {
      const orders = await orderRows();
      if (digest(orders) !== before.ordersDigest) {
        throw new Error(`orders changed: ${before.orderCount} rows before, ${orders.length} after`);
      }
      const { kept, added } = await splitAudit(before);
      if (digest(kept) !== before.auditDigest) throw new Error('audit records that existed before changed');
      const expected = rejection.audited ? [{ outcome: 'error', code: rejection.code }] : [];
      const found = added.map((row) => ({ outcome: row.outcome, code: row.code }));
      if (JSON.stringify(found) !== JSON.stringify(expected)) {
        throw new Error(
          `audit after a call rejected with ${rejection.code}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(added)}`,
        );
      }
    },
    async close() {
      await shop.close();
      if (schema && options.databaseUrl) await dropSchema(options.databaseUrl, schema);
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A logger that keeps expected noise (such as rejected requests) out of the test output. */
const quietLogger: Logger = {
  warn() {},
  error(message, details) {
    console.error(message, details);
  },
};

function digest(rows: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

const shopMain = fileURLToPath(new URL('../../../apps/shop/src/main.ts', import.meta.url));

/**
 * Starts `apps/shop/src/main.ts` as its own process, as `pnpm start` does, with `environment` over this
 * process's (on port 0, without a model: the chat answers CHAT_NOT_CONFIGURED), and resolves with its base URL
 * once it listens.
 */
export function startShopMain(
  environment: Readonly<Record<string, string>>,
): Promise<{ child: ChildProcess; url: string }> {
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _base, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', shopMain], {
    env: { ...inherited, PORT: '0', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API\s+(http:\/\/[\d.:]+)\/orders/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code}: ${output}`)));
  });
}

/**
 * Shop processes (`startShopMain`) on the PostgreSQL server at `databaseUrl`, in a schema of their own, as behind a
 * load balancer: started one after the other (the first creates the tables). `close` stops them and drops the
 * schema.
 */
export async function startShopProcesses(
  count: number,
  databaseUrl: string,
  environment: Readonly<Record<string, string>>,
): Promise<{ readonly urls: readonly string[]; readonly schema: string; close(): Promise<void> }> {
  const schema = `shop_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const close = async () => {
    for (const child of children) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  };
  try {
    for (let index = 0; index < count; index++) {
      const started = await startShopMain({
        ...environment,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
      });
      children.push(started.child);
      urls.push(started.url);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { urls, schema, close };
}
