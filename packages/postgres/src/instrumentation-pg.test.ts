import { createRequire } from 'node:module';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noteServerSkip, testTargets } from './test-support.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
// As `@opentelemetry/auto-instrumentations-node` does: the instrumentation wraps `pg` as it is loaded.
const instrumentation = new PgInstrumentation();
instrumentation.setTracerProvider(provider);
instrumentation.enable();
createRequire(import.meta.url)('pg');
afterAll(() => {
  instrumentation.disable();
  trace.disable();
  context.disable();
});

const server = testTargets.find((target) => target.name === 'server');
noteServerSkip();

describe.skipIf(!server)('with @opentelemetry/instrumentation-pg on a PostgreSQL server', () => {
  let postgres: Awaited<ReturnType<NonNullable<typeof server>['open']>>;
  beforeAll(async () => {
    postgres = await (server as NonNullable<typeof server>).open();
    await postgres.migrate(['CREATE TABLE items (name text PRIMARY KEY)']);
  });
  afterAll(() => postgres.dispose());
  afterEach(() => exporter.reset());

  const insertOne = () =>
    postgres.transactions.run(
      async (transaction) => {
        await (transaction as unknown as { query(sql: string, params: unknown[]): Promise<unknown> }).query(
          'INSERT INTO items (name) VALUES ($1) ON CONFLICT DO NOTHING',
          ['tea'],
        );
      },
      { readOnly: false },
    );

  it('makes one span per statement (the instrumentation’s), under the transaction span', async () => {
    exporter.reset();
    await insertOne();
    const spans = exporter.getFinishedSpans();
    const transaction = spans.find((span) => span.name === 'db.transaction');
    const statements = spans.filter((span) => span.kind === SpanKind.CLIENT);
    // BEGIN, INSERT, COMMIT: three statements, three spans — not six.
    expect(statements).toHaveLength(3);
    expect(statements.map((span) => span.instrumentationScope.name)).toEqual(
      Array(3).fill('@opentelemetry/instrumentation-pg'),
    );
    expect(
      statements.every((span) => span.parentSpanContext?.spanId === transaction?.spanContext().spanId),
    ).toBe(true);
  });

  it('makes its own statement spans again once the instrumentation is disabled', async () => {
    instrumentation.disable();
    try {
      exporter.reset();
      await insertOne();
      const statements = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
      expect(statements.map((span) => span.instrumentationScope.name)).toEqual(
        Array(3).fill('@opwire/postgres'),
      );
    } finally {
      instrumentation.enable();
    }
  });
});
