import { context, SpanKind, SpanStatusCode, TraceFlags, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { type Caller, coreErrors, createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresTransaction } from './postgres-transaction.js';
import { sqlOf } from './sql-of.js';
import { noteServerSkip, testServerUrl, testTargets } from './test-support.js';

const exporter = new InMemorySpanExporter();
const register = () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
};
register();
afterAll(() => {
  trace.disable();
  context.disable();
});

const childrenOf = (spans: readonly ReadableSpan[], parent: ReadableSpan | undefined) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent?.spanContext().spanId);

const writer: Caller = { principalId: 'ada', tenant: 'acme', permissions: ['items:create'] };
const addItem = defineOperation({
  id: 'items.create',
  request: Type.Object({ name: Type.String() }),
  response: Type.Object({ name: Type.String() }),
  permission: 'items:create',
  writes: true,
  handle: async (request, invocation) => {
    await sqlOf(invocation).query('INSERT INTO items (name) VALUES ($1)', [request.name]);
    return request;
  },
});

const listItems = defineOperation({
  id: 'items.watch',
  request: Type.Object({}),
  response: Type.Object({ name: Type.String() }),
  stream: true,
  public: true,
  async *handle() {
    yield { name: 'tea' };
  },
});

describe.each(testTargets)('database spans on $name', (target) => {
  let postgres: Awaited<ReturnType<(typeof target)['open']>>;
  let schema: string;
  beforeAll(async () => {
    postgres = await target.open();
    schema = (await postgres.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    await postgres.migrate(['CREATE TABLE items (name text PRIMARY KEY)']);
    exporter.reset();
  });
  afterAll(() => postgres.dispose());
  afterEach(() => exporter.reset());

  const inTransaction = (work: (transaction: PostgresTransaction) => Promise<unknown>) =>
    postgres.transactions.run(
      async (transaction) => {
        await work(transaction as PostgresTransaction);
      },
      { readOnly: false },
    );

  it('puts a transaction span over its statements, each a CLIENT span named by the conventions', async () => {
    await inTransaction(async (transaction) => {
      await transaction.query('INSERT INTO items (name) VALUES ($1)', ['pin-4711']);
      await transaction.query('SELECT name FROM items WHERE name = $1', ['pin-4711']);
    });
    const spans = exporter.getFinishedSpans();
    const [transaction] = spans.filter((span) => span.name === 'db.transaction');
    expect(transaction?.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.namespace': `postgres.${schema}`,
      'opwire.transaction.outcome': 'committed',
      'opwire.transaction.read_only': false,
    });
    const statements = childrenOf(spans, transaction);
    expect(statements.map((span) => span.name)).toEqual([
      `BEGIN postgres.${schema}`,
      'INSERT items',
      'SELECT items',
      `COMMIT postgres.${schema}`,
    ]);
    expect(statements.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
    expect(statements[1]?.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'items',
      'db.namespace': `postgres.${schema}`,
      'db.query.text': 'INSERT INTO items (name) VALUES ($1)',
    });
    // The parameter values never reach a span.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('4711');
  });

  it('marks a failed statement and the rolled-back transaction with error.type, without the value', async () => {
    await inTransaction((transaction) => transaction.query('INSERT INTO items (name) VALUES ($1)', ['dup']));
    exporter.reset();
    await expect(
      inTransaction((transaction) => transaction.query('INSERT INTO items (name) VALUES ($1)', ['dup'])),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const spans = exporter.getFinishedSpans();
    const insert = spans.find((span) => span.name === 'INSERT items');
    expect(insert?.attributes).toMatchObject({ 'error.type': '23505', 'db.response.status_code': '23505' });
    expect(insert?.status).toEqual({ code: SpanStatusCode.ERROR });
    const transaction = spans.find((span) => span.name === 'db.transaction');
    expect(transaction?.attributes).toMatchObject({
      'opwire.transaction.outcome': 'rolled back',
      'error.type': 'CONFLICT',
    });
    expect(childrenOf(spans, transaction).map((span) => span.name)).toContain(`ROLLBACK postgres.${schema}`);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.status]))).not.toContain('dup');
  });

  it('keeps the values named by an Opwire error message out of the span of the rolled-back transaction', async () => {
    await expect(
      inTransaction(async () => {
        throw coreErrors.NOT_FOUND({ params: { resource: 'pin-4711' } });
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const transaction = exporter.getFinishedSpans().find((span) => span.name === 'db.transaction');
    expect(transaction?.attributes['error.type']).toBe('NOT_FOUND');
    expect(transaction?.status).toEqual({ code: SpanStatusCode.ERROR });
  });

  it('keeps the message of a handler’s own error out of the span of the rolled-back transaction', async () => {
    await expect(
      inTransaction(async () => {
        throw new Error('no stock for customer ada@example.com');
      }),
    ).rejects.toThrow('no stock');
    const transaction = exporter.getFinishedSpans().find((span) => span.name === 'db.transaction');
    expect(transaction?.attributes['error.type']).toBe('Error');
    expect(transaction?.status).toEqual({ code: SpanStatusCode.ERROR });
  });

  it('records a statement without parameters with its literals replaced', async () => {
    await postgres.query("SELECT name FROM items WHERE name = 'secret-name'");
    const [select] = exporter.getFinishedSpans();
    expect(select?.attributes['db.query.text']).toBe('SELECT name FROM items WHERE name = ?');
  });

  it('writes the audit record of a finished stream under the span of that stream', async () => {
    const app = createOpwire({
      operations: [listItems],
      transactions: postgres.transactions,
      audit: postgres.audit,
    });
    for await (const _event of await app.invoke(listItems, {}, { caller: writer }));
    const spans = exporter.getFinishedSpans();
    const call = spans.find((span) => span.name === 'items.watch');
    expect(childrenOf(spans, call).map((span) => span.name)).toEqual([
      expect.stringMatching(/^INSERT (\w+\.)?opwire_audit$/),
    ]);
  });

  it('writes the audit record of a refused call under the span of that call', async () => {
    const reader: Caller = { principalId: 'ada', tenant: 'acme', permissions: [] };
    const app = createOpwire({
      operations: [addItem],
      transactions: postgres.transactions,
      audit: postgres.audit,
    });
    await expect(app.invoke(addItem, { name: 'tea' }, { caller: reader })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    const spans = exporter.getFinishedSpans();
    const call = spans.find((span) => span.name === 'items.create');
    expect(childrenOf(spans, call).map((span) => span.name)).toEqual([
      expect.stringMatching(/^INSERT (\w+\.)?opwire_audit$/),
    ]);
  });

  it('traces nothing under a call its sampler left out', async () => {
    const app = createOpwire({
      operations: [addItem],
      transactions: postgres.transactions,
      audit: postgres.audit,
    });
    const unsampled = {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      isRemote: true,
    };
    await app.invoke(
      addItem,
      { name: 'unsampled' },
      { caller: writer, trace: { ...unsampled, traceFlags: TraceFlags.NONE } },
    );
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([]);
  });

  it('opens no span when no OpenTelemetry SDK is registered', async () => {
    trace.disable();
    try {
      await inTransaction((transaction) => transaction.query('SELECT name FROM items'));
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      register();
    }
  });
});

describe.skipIf(!testServerUrl)('database spans on a server', () => {
  it('name the server address and port', async () => {
    const server = testTargets.find((target) => target.name === 'server')!;
    const postgres = await server.open();
    try {
      exporter.reset();
      await postgres.query('SELECT 1');
      const url = new URL(testServerUrl!);
      expect(exporter.getFinishedSpans()[0]?.attributes).toMatchObject({
        'server.address': url.hostname,
        'server.port': Number(url.port || 5432),
      });
    } finally {
      await postgres.dispose();
    }
  });
});
noteServerSkip();
