// Invocations per second of a writing operation (one INSERT + its audit record in one transaction),
// on the in-memory adapters, PGlite in memory and, when DATABASE_URL is set, a PostgreSQL server.
// Run: pnpm --filter @opwire/postgres bench
import { createOpwire, defineOperation, type Opwire } from '@opwire/core';
import Type from 'typebox';
import { createPostgres, type PostgresOptions, sqlOf } from '../src/index.js';

const count = Number(process.env.BENCH_COUNT ?? '1000');
const caller = { principalId: 'bench', tenant: 'bench', permissions: ['*'] };
const silent = { error() {}, warn() {} };

const write = (useSql: boolean) =>
  defineOperation({
    id: 'bench.write',
    request: Type.Object({ key: Type.String() }),
    response: Type.Object({ key: Type.String() }),
    writes: true,
    async handle(request, context) {
      if (useSql) await sqlOf(context).query('INSERT INTO bench_rows (key) VALUES ($1)', [request.key]);
      return { key: request.key };
    },
  });

async function measure(app: Opwire, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) await app.invoke('bench.write', { key: `k${next++}-${Math.random()}` }, { caller });
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

const results: Array<{ adapter: string; concurrency: number; perSecond: number }> = [];
const run = async (adapter: string, open: () => Promise<{ app: Opwire; close(): Promise<void> }>) => {
  for (const concurrency of [1, 8]) {
    const { app, close } = await open();
    await measure(app, concurrency); // warm-up
    results.push({ adapter, concurrency, perSecond: await measure(app, concurrency) });
    await close();
  }
};

await run('memory', async () => {
  const app = createOpwire({ operations: [write(false)], logger: silent });
  return { app, close: () => app.close() };
});
const onPostgres = (options: PostgresOptions) => async () => {
  const postgres = await createPostgres({ ...options, logger: silent });
  await postgres.migrate(['CREATE TABLE IF NOT EXISTS bench_rows (key text PRIMARY KEY)']);
  const app = createOpwire({ operations: [write(true)], ...postgres, logger: silent });
  return {
    app,
    close: async () => {
      if (options.schema) await postgres.query(`DROP SCHEMA ${options.schema} CASCADE`);
      await postgres.close();
    },
  };
};
await run('pglite (memory)', onPostgres({}));
if (process.env.DATABASE_URL) {
  await run('server', onPostgres({ url: process.env.DATABASE_URL, schema: `opwire_bench_${process.pid}` }));
}

const memory = new Map(
  results.filter((r) => r.adapter === 'memory').map((r) => [r.concurrency, r.perSecond]),
);
console.log(`writing invocations, ${count} per run`);
for (const { adapter, concurrency, perSecond } of results) {
  const ratio = perSecond / (memory.get(concurrency) ?? perSecond);
  console.log(
    `${adapter.padEnd(16)} concurrency ${String(concurrency).padEnd(2)} ${perSecond.toFixed(0).padStart(8)} /s  (${ratio.toFixed(3)}× memory)`,
  );
}
