import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverUrl = process.env.DATABASE_URL;
const fullOrders = 3;
const linesPerOrder = 4;
const hangOrder = 'order-killed';

/** Starts the writer under tsx and resolves with its process once it reports the half-written order. */
function startWriter(url: string, schema: string): Promise<{ child: ChildProcess; lines: string[] }> {
  const script = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));
  // `node --import tsx` keeps the script in this one process, so SIGKILL hits the writer itself; the source
  // condition runs the workspace's TypeScript, as the rest of the suite does.
  const child = spawn(process.execPath, ['--conditions=@opwire/source', '--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    env: {
      ...process.env,
      DATABASE_URL: url,
      CRASH_SCHEMA: schema,
      CRASH_HANG_ORDER: hangOrder,
      CRASH_FULL_ORDERS: String(fullOrders),
      CRASH_LINES: String(linesPerOrder),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('PARTIAL ')) resolve({ child, lines });
    });
    child.once('exit', (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
  });
}

/** Polls `read` until it returns `expected` or ten seconds passed; returns the last value read. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe.skipIf(!serverUrl)('crash safety on a PostgreSQL server', () => {
  const url = serverUrl ?? '';
  const schema = `opwire_crash_${process.pid}_${Date.now()}`;
  const applicationName = `opwire-crash-writer-${process.pid}`;
  const writerUrl = `${url}${url.includes('?') ? '&' : '?'}application_name=${applicationName}`;
  const observer = new pg.Client({ connectionString: url });
  const backendsOfWriter = async (state?: string) =>
    (
      await observer.query(
        'SELECT state FROM pg_stat_activity WHERE application_name = $1 AND ($2::text IS NULL OR state = $2)',
        [applicationName, state ?? null],
      )
    ).rowCount;

  beforeAll(() => observer.connect());
  afterAll(async () => {
    await observer.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await observer.end();
  });

  it('a writer killed mid-transaction leaves no partial write, no orphan audit record, and every commit audited', async () => {
    const { child, lines } = await startWriter(writerUrl, schema);
    expect(lines.filter((line) => line.startsWith('COMMITTED'))).toHaveLength(fullOrders);
    // The kill lands inside an open transaction that has already written rows.
    expect(await backendsOfWriter('idle in transaction')).toBe(1);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    await observer.query(`SET search_path TO ${schema}`);
    const orders = await observer.query<{ id: string; invocation_id: string }>(
      'SELECT id, invocation_id FROM orders ORDER BY id',
    );
    expect(orders.rows.map((row) => row.id)).toEqual(['order-1', 'order-2', 'order-3']);
    const lineCounts = await observer.query<{ order_id: string; lines: number }>(
      'SELECT order_id, count(*)::int AS lines FROM order_lines GROUP BY order_id ORDER BY order_id',
    );
    expect(lineCounts.rows).toEqual(orders.rows.map((row) => ({ order_id: row.id, lines: linesPerOrder })));

    const audit = await observer.query<{ invocation_id: string; outcome: string }>(
      "SELECT invocation_id, outcome FROM opwire_audit WHERE operation_id = 'orders.place' ORDER BY seq",
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['ok', 'ok', 'ok']);
    expect(audit.rows.map((row) => row.invocation_id).sort()).toEqual(
      orders.rows.map((row) => row.invocation_id).sort(),
    );

    // The server rolled the killed transaction back and released its locks: the same order id can be written.
    await observer.query("SET lock_timeout = '10s'");
    await observer.query(
      "INSERT INTO orders (id, tenant, invocation_id) VALUES ($1, 'acme', 'after-crash')",
      [hangOrder],
    );
    expect(await eventually(() => backendsOfWriter(), 0)).toBe(0);
  });
});

if (!serverUrl) it.skip('crash safety on a PostgreSQL server [skipped: DATABASE_URL is not set]', () => {});
