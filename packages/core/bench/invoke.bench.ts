/**
 * In-process invocations per second through the full pipeline (validate → authorize → transaction →
 * audit → handle, memory adapters), against calling the handler directly, in the same process.
 * Run: pnpm --filter @opwire/core bench
 */
import Type from 'typebox';
import { type Caller, createMemoryAuditLog, createOpwire, defineOperation } from '../src/index.js';

const request = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 32 }),
  quantity: Type.Integer({ minimum: 1, maximum: 100 }),
  note: Type.Optional(Type.String()),
});
const response = Type.Object({
  id: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  total: Type.Number(),
});
let sequence = 0;
const handle = (input: { sku: string; quantity: number }) => ({
  id: `o${++sequence}`,
  sku: input.sku,
  quantity: input.quantity,
  total: input.quantity * 2.5,
});
const operation = defineOperation({
  id: 'orders.create',
  request,
  response,
  permission: 'orders:create',
  writes: true,
  handle,
});
const app = createOpwire({ operations: [operation], audit: createMemoryAuditLog({ capacity: 10_000 }) });
const caller: Caller = {
  principalId: 'alice',
  tenant: 'acme',
  permissions: ['orders:read', 'orders:create'],
};
const input = { sku: 'tea', quantity: 3 };
// What the HTTP surface uses: resolved once, answering a synchronous handler without a promise.
const prepared = app.prepare(operation);

async function measure(name: string, calls: number, run: () => unknown): Promise<number> {
  for (let index = 0; index < 20_000; index++) await run();
  const started = process.hrtime.bigint();
  for (let index = 0; index < calls; index++) await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const perSecond = calls / seconds;
  console.log(
    `${name.padEnd(34)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} calls/s  ${((seconds / calls) * 1e6).toFixed(3)} µs/call`,
  );
  return seconds / calls;
}

const calls = Number(process.env.BENCH_CALLS ?? 300_000);
const rounds = 3;
const direct: number[] = [];
const pipeline: number[] = [];
const preparedCalls: number[] = [];
console.log(
  `@opwire/core invoke benchmark — node ${process.version}, ${calls.toLocaleString('en-US')} calls × ${rounds} rounds`,
);
for (let round = 0; round < rounds; round++) {
  direct.push(await measure('handler called directly (await)', calls, () => handle(input)));
  pipeline.push(
    await measure('app.invoke, full pipeline', calls, () => app.invoke(operation, input, { caller })),
  );
  preparedCalls.push(
    await measure('app.prepare call, full pipeline', calls, () => prepared(input, { caller })),
  );
}
const best = (values: number[]) => Math.min(...values);
const overhead = (best(pipeline) - best(direct)) * 1e6;
console.log(
  `best of ${rounds}: pipeline ${(1 / best(pipeline)).toFixed(0)} calls/s, direct ${(1 / best(direct)).toFixed(0)} calls/s, ratio ${(best(direct) / best(pipeline)).toFixed(3)}; pipeline overhead ${overhead.toFixed(2)} µs/call (goal < 5 µs); prepared call ${(1 / best(preparedCalls)).toFixed(0)} calls/s, overhead ${((best(preparedCalls) - best(direct)) * 1e6).toFixed(2)} µs/call`,
);
