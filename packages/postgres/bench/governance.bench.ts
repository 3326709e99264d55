// The governance write cost of one chat turn: its ledger row and 8 AI audit events (request, three tool calls
// with their results, a guardrail check), masked, through createGovernance; on the in-memory stores, PGlite in
// memory and, when DATABASE_URL is set, a PostgreSQL server. Baseline, same run and same database: core's
// audit append of one record (one INSERT), so the ratio reads as "a turn costs as much as N audit appends".
// Run: pnpm --filter @opwire/postgres bench   (BENCH_TURNS per batch, default 100; BENCH_ROUNDS, default 5: medians)
import { createGovernance, type Governance } from '@opwire/ai';
import { type AuditLog, createMemoryAuditLog } from '@opwire/core';
import { createPostgresGovernanceStores } from '../src/ai/index.js';
import { createPostgres, type PostgresOptions } from '../src/index.js';

const turns = Number(process.env.BENCH_TURNS ?? '100');
const silent = { error() {}, warn() {} };
const caller = { principalId: 'bench-user', tenant: 'bench', permissions: [] };
const prices = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' } };

/** One turn as a chat records it: 8 events and one ledger row. */
async function oneTurn(governance: Governance, index: number): Promise<void> {
  const turn = governance.startTurn({
    caller,
    conversationId: `conv-${index % 50}`,
    provider: 'openai',
    requestedModel: 'gpt-4o-mini',
    request: { message: 'Cancel order 42 and email me at bench@example.com when done, please.' },
  });
  for (const [call, tool] of [
    ['c1', 'orders_list'],
    ['c2', 'orders_get'],
    ['c3', 'orders_cancel'],
  ] as const) {
    turn.toolCall({
      toolCallId: call,
      toolName: tool,
      input: { orderId: `order-${index}`, note: 'as discussed' },
    });
    turn.toolResult({
      toolCallId: call,
      toolName: tool,
      output: { id: `order-${index}`, status: 'open', totalCents: 4_200 },
    });
  }
  turn.record('guardrail', { code: 'ok', payload: { stage: 'output', guardrail: 'no-secrets' } });
  turn.answeredBy({ model: 'gpt-4o-mini-2024-07-18' });
  turn.addUsage({ inputTokens: 1_200, outputTokens: 300 });
  await turn.finish({ outcome: 'completed' });
}

async function timed(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return (performance.now() - started) / count;
}

const auditRecord = (index: number) => ({
  id: crypto.randomUUID(),
  at: new Date().toISOString(),
  operationId: 'orders.cancel',
  invocationId: crypto.randomUUID(),
  principalId: caller.principalId,
  tenant: caller.tenant,
  origin: 'ai',
  outcome: 'ok' as const,
  durationMs: index % 7,
});

interface Row {
  readonly adapter: string;
  readonly concurrency: number;
  readonly turnMs: number;
  readonly appendMs: number;
}
const rows: Row[] = [];

const rounds = Number(process.env.BENCH_ROUNDS ?? '5');
const median = (values: number[]) =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;

/** Alternates batches of turns and of audit appends (as many rows as the turns write), and keeps the medians. */
async function measure(adapter: string, governance: Governance, audit: AuditLog): Promise<void> {
  const append = async (index: number) => void (await audit.append(auditRecord(index)));
  for (const concurrency of [1, 8]) {
    await timed(Math.min(50, turns), concurrency, (index) => oneTurn(governance, index)); // warm-up
    await timed(Math.min(450, turns * 9), concurrency, append);
    const turnTimes: number[] = [];
    const appendTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      appendTimes.push(await timed(turns * 9, concurrency, append));
      turnTimes.push(await timed(turns, concurrency, (index) => oneTurn(governance, index)));
    }
    rows.push({ adapter, concurrency, turnMs: median(turnTimes), appendMs: median(appendTimes) });
  }
}

await measure(
  'memory',
  createGovernance({ prices, logger: silent }),
  createMemoryAuditLog({ capacity: 1_000_000 }),
);
const onPostgres = async (adapter: string, options: PostgresOptions) => {
  const db = await createPostgres({ ...options, logger: silent });
  try {
    const governance = createGovernance({
      ...(await createPostgresGovernanceStores(db)),
      audit: db.audit,
      prices,
      logger: silent,
    });
    await measure(adapter, governance, db.audit);
  } finally {
    if (options.schema) await db.query(`DROP SCHEMA ${options.schema} CASCADE`);
    await db.close();
  }
};
await onPostgres('pglite (memory)', {});
if (process.env.DATABASE_URL) {
  await onPostgres('server', {
    url: process.env.DATABASE_URL,
    schema: `opwire_bench_governance_${process.pid}`,
  });
}

console.log(
  `governance writes per turn (1 ledger row + 8 AI audit events): median of ${rounds} batches of ${turns} turns`,
);
console.log(
  `baseline: core audit append of one record, same store, batches of ${turns * 9} alternating with the turns`,
);
for (const { adapter, concurrency, turnMs, appendMs } of rows) {
  console.log(
    `${adapter.padEnd(16)} concurrency ${String(concurrency).padEnd(2)} ${(turnMs * 1000).toFixed(1).padStart(9)} µs/turn ` +
      `${(1000 / turnMs).toFixed(0).padStart(8)} turns/s   audit append ${(appendMs * 1000).toFixed(1).padStart(8)} µs  (turn = ${(turnMs / appendMs).toFixed(1)}× append)`,
  );
}
