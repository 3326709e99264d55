// What tracing costs a writing invocation on PostgreSQL: the same operation (one INSERT + its audit record in
// one transaction) without an OpenTelemetry SDK and with one registered (the operation span, the transaction
// span and a span per statement, a batch processor, an exporter that drops the batches), alternating rounds.
// Run: pnpm --filter @opwire/postgres bench:spans (BENCH_COUNT, ROUNDS; DATABASE_URL adds a server).
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { createPostgres, type PostgresOptions, sqlOf } from '../src/index.js';

const count = Number(process.env.BENCH_COUNT ?? '1000');
const rounds = Number(process.env.ROUNDS ?? '3');
const caller = { principalId: 'bench', tenant: 'bench', permissions: ['*'] };
const silent = { error() {}, warn() {} };
const discard: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => undefined,
};
const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(discard)] });
const manager = new AsyncLocalStorageContextManager();
const tracing = (on: boolean) => {
  trace.disable();
  context.disable();
  if (!on) return;
  context.setGlobalContextManager(manager.enable());
  trace.setGlobalTracerProvider(provider);
};

const write = defineOperation({
  id: 'bench.write',
  request: Type.Object({ key: Type.String() }),
  response: Type.Object({ key: Type.String() }),
  writes: true,
  async handle(request, invocation) {
    await sqlOf(invocation).query('INSERT INTO bench_rows (key) VALUES ($1)', [request.key]);
    return { key: request.key };
  },
});

async function measure(name: string, options: PostgresOptions): Promise<void> {
  const postgres = await createPostgres({ ...options, logger: silent });
  await postgres.migrate(['CREATE TABLE IF NOT EXISTS bench_rows (key text PRIMARY KEY)']);
  const app = createOpwire({ operations: [write], ...postgres, logger: silent });
  let next = 0;
  const perSecond = async () => {
    const started = performance.now();
    for (let done = 0; done < count; done++)
      await app.invoke('bench.write', { key: `k${next++}` }, { caller });
    return count / ((performance.now() - started) / 1000);
  };
  const figures = { off: [] as number[], on: [] as number[] };
  await perSecond(); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const on of round % 2 === 0 ? [false, true] : [true, false]) {
      tracing(on);
      figures[on ? 'on' : 'off'].push(await perSecond());
    }
  }
  tracing(false);
  if (options.schema) await postgres.query(`DROP SCHEMA ${options.schema} CASCADE`);
  await postgres.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const off = median(figures.off);
  const on = median(figures.on);
  console.log(
    `${name.padEnd(16)} no SDK ${off.toFixed(0).padStart(6)} /s   traced ${on.toFixed(0).padStart(6)} /s  (${(on / off).toFixed(3)}×, ${((1000 / on - 1000 / off) * 1000).toFixed(0)} µs more per invocation)`,
  );
}

console.log(`writing invocations, one at a time, ${count} per round, ${rounds} rounds (medians)`);
await measure('pglite (memory)', {});
if (process.env.DATABASE_URL)
  await measure('server', { url: process.env.DATABASE_URL, schema: `opwire_bench_${process.pid}` });
