import { SpanStatusCode, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Container, inject, injectable } from 'inversify';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { customer, OrdersTable, ordersOperations } from '../test/orders-fixture.js';
import type { InvocationContext } from './context.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { isOpwireError } from './errors/opwire-error.js';
import { createMemoryTransactionManager } from './memory/memory-transaction-manager.js';
import { defineOperation } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';
import { parseTraceparent } from './telemetry.js';
import { CurrentContext, CurrentTransaction } from './tokens.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isOpwireError(error)) return error.code;
    throw error;
  }
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
afterAll(() => trace.disable());

describe('the invocation context', () => {
  it('gives each invocation a span carrying operation id, outcome and error code, under the incoming trace', async () => {
    exporter.reset();
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const app = createOpwire({ operations: [create] });
    const parent = parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer, trace: parent });
    await codeOf(app.invoke(create, { sku: 'tea', quantity: 500 }, { caller: customer, trace: parent }));
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.spanContext().traceId)).toEqual([parent?.traceId, parent?.traceId]);
    expect(spans.map((span) => span.attributes)).toEqual([
      expect.objectContaining({ 'opwire.operation.id': 'orders.create', 'opwire.outcome': 'ok' }),
      expect.objectContaining({ 'opwire.outcome': 'error', 'opwire.error.code': 'OUT_OF_STOCK' }),
    ]);
    const records = await app.audit.list();
    expect(records.map((record) => record.traceId)).toEqual([parent?.traceId, parent?.traceId]);
  });

  it("marks a span ERROR for the server's failures only, as a server span's 4xx is left unset", async () => {
    exporter.reset();
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const failing = (id: string, raise: () => never) =>
      defineOperation({
        id,
        request: Type.Object({}),
        response: Type.Object({}),
        errors: [coreErrors.NOT_FOUND, coreErrors.RATE_LIMITED, coreErrors.UNAVAILABLE],
        handle: raise,
      });
    const stream = (id: string, raise: () => never) =>
      defineOperation({
        id,
        request: Type.Object({}),
        response: Type.Object({ n: Type.Integer() }),
        errors: [coreErrors.CONFLICT],
        stream: true,
        async *handle() {
          yield { n: 1 };
          raise();
        },
      });
    const operations = [
      failing('notes.missing', () => {
        throw coreErrors.NOT_FOUND({ params: { resource: 'note' } });
      }),
      failing('notes.limited', () => {
        throw coreErrors.RATE_LIMITED({ params: { retryAfter: 1 }, headers: { 'retry-after': '1' } });
      }),
      failing('notes.down', () => {
        throw coreErrors.UNAVAILABLE();
      }),
      failing('notes.broken', () => {
        throw new Error('a bug');
      }),
      stream('notes.conflicting', () => {
        throw coreErrors.CONFLICT();
      }),
      stream('notes.crashing', () => {
        throw new Error('a bug mid-stream');
      }),
    ];
    const slow = defineOperation({
      id: 'notes.slow',
      request: Type.Object({}),
      response: Type.Object({}),
      handle: () => new Promise<object>((resolve) => setTimeout(() => resolve({}), 50)),
    });
    const app = createOpwire({
      operations: [create, slow, ...operations],
      logger: { error: () => undefined, warn: () => undefined },
    });
    const customerOnly = { ...customer, permissions: [] };
    await codeOf(app.invoke(create, { sku: 'tea', quantity: 500 }, { caller: customer }));
    await codeOf(app.invoke('orders.create', { sku: 'tea', quantity: 'two' }, { caller: customer }));
    await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customerOnly }));
    await codeOf(app.invoke(slow, {}, { caller: customer, timeoutMs: 5 }));
    for (const operation of operations) {
      await codeOf(
        app.invoke(operation, {}, { caller: customer }).then(async (events) => {
          if (operation.stream) for await (const _event of events as AsyncIterable<unknown>);
        }),
      );
    }
    const statuses = exporter
      .getFinishedSpans()
      .map(
        (span) => `${span.name} ${span.attributes['opwire.error.code']} ${SpanStatusCode[span.status.code]}`,
      );
    expect(statuses).toEqual([
      'orders.create OUT_OF_STOCK UNSET',
      'orders.create WRONG_TYPE UNSET',
      'orders.create PERMISSION_DENIED UNSET',
      'notes.slow DEADLINE_EXCEEDED ERROR',
      'notes.missing NOT_FOUND UNSET',
      'notes.limited RATE_LIMITED UNSET',
      'notes.down UNAVAILABLE ERROR',
      'notes.broken INTERNAL ERROR',
      'notes.conflicting CONFLICT UNSET',
      'notes.crashing INTERNAL ERROR',
    ]);
  });

  it('copies caller, trace, deadline, baggage and transaction into a nested call', async () => {
    exporter.reset();
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const seen: InvocationContext[] = [];
    // A copy of orders.create that records the context it was called with.
    const spy = defineOperation({
      ...create,
      id: 'orders.spy',
      handle: (request, context) => {
        seen.push(context);
        return create.handle(request, context);
      },
    });
    const reorder = defineOperation({
      id: 'orders.reorder',
      request: Type.Object({ sku: Type.String(), fail: Type.Boolean() }),
      response: Type.Object({ id: Type.String() }),
      permission: 'orders:create',
      writes: true,
      handle: async (request, context) => {
        seen.push(context);
        const order = await context.invoke(spy, { sku: request.sku, quantity: 1 });
        if (request.fail) throw coreErrors.CONFLICT();
        return { id: order.id };
      },
    });
    const app = createOpwire({ operations: [create, reorder, spy] });
    const controller = new AbortController();
    await app.invoke(
      reorder,
      { sku: 'tea', fail: false },
      {
        caller: customer,
        signal: controller.signal,
        baggage: { campaign: 'spring' },
        origin: { surface: 'http' },
      },
    );
    const [outer, nested] = seen;
    expect(nested?.caller).toBe(outer?.caller);
    expect(nested?.tenant).toBe('acme');
    expect(nested?.baggage).toEqual({ campaign: 'spring' });
    // Each call has its own signal (see "the call's signal"), both under the outer call's deadline.
    expect(nested?.signal).not.toBe(outer?.signal);
    expect([outer?.signal.aborted, nested?.signal.aborted]).toEqual([false, false]);
    expect(nested?.transaction).toBe(outer?.transaction);
    expect(nested?.origin).toEqual({ surface: 'internal' });
    expect(nested?.parentInvocationId).toBe(outer?.invocationId);
    expect(nested?.invocationId).not.toBe(outer?.invocationId);

    // The nested write belongs to the outer transaction: it rolls back when the outer call fails.
    expect(table.rows.size).toBe(1);
    expect(await codeOf(app.invoke(reorder, { sku: 'tea', fail: true }, { caller: customer }))).toBe(
      'CONFLICT',
    );
    expect(table.rows.size).toBe(1);

    const records = await app.audit.list();
    expect(records.find((record) => record.operationId === 'orders.spy')).toMatchObject({
      principalId: 'alice',
      tenant: 'acme',
      origin: 'internal',
      parentInvocationId: outer?.invocationId,
    });
    const spans = exporter.getFinishedSpans();
    const nestedSpan = spans.find((span) => span.name === 'orders.spy');
    const outerSpan = spans.find((span) => span.name === 'orders.reorder');
    expect(nestedSpan?.spanContext().traceId).toBe(outerSpan?.spanContext().traceId);
    expect(nestedSpan?.parentSpanContext?.spanId).toBe(outerSpan?.spanContext().spanId);
  });

  it('aborts with DEADLINE_EXCEEDED past the deadline and CANCELLED when the caller stops, rolling back', async () => {
    const table = new OrdersTable();
    const slow = defineOperation({
      id: 'orders.slow',
      request: Type.Object({}),
      response: Type.Object({}),
      writes: true,
      handle: async (_request, context) => {
        table.insert(context, 'tea', 1, 'pending');
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {};
      },
    });
    const app = createOpwire({ operations: [slow] });
    expect(await codeOf(app.invoke(slow, {}, { caller: customer, timeoutMs: 5 }))).toBe('DEADLINE_EXCEEDED');
    const controller = new AbortController();
    const call = app.invoke(slow, {}, { caller: customer, signal: controller.signal });
    controller.abort();
    expect(await codeOf(call)).toBe('CANCELLED');
    expect(table.rows.size).toBe(0);
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['DEADLINE_EXCEEDED', 'CANCELLED']);
  });

  it('fails CANCELLED when the caller stops during a call that holds no transaction', async () => {
    const controller = new AbortController();
    const orchestrate = defineOperation({
      id: 'orders.orchestrate',
      request: Type.Object({}),
      response: Type.Object({ done: Type.Boolean() }),
      transaction: false,
      handle: () => {
        controller.abort();
        return { done: true };
      },
    });
    const app = createOpwire({ operations: [orchestrate] });
    const call = app.invoke(orchestrate, {}, { caller: customer, signal: controller.signal });
    expect(await codeOf(call)).toBe('CANCELLED');
    expect((await app.audit.list()).map((record) => record.code ?? record.outcome)).toEqual(['CANCELLED']);
  });
});

describe('dependency injection', () => {
  @injectable()
  class OrderRepository {
    constructor(
      @inject(CurrentTransaction) readonly transaction: Transaction,
      @inject(CurrentContext) readonly context: InvocationContext,
    ) {}

    save(table: OrdersTable) {
      return table.insert(this.context, 'tea', 1, 'pending');
    }
  }

  it('binds the invocation transaction in a child scope, so an injected repository writes inside it', async () => {
    const table = new OrdersTable();
    const container = new Container();
    container.bind(OrderRepository).toSelf();
    container.bind('clock').toConstantValue('root singleton');
    const transactions: string[] = [];
    const place = defineOperation({
      id: 'orders.place',
      request: Type.Object({ fail: Type.Boolean() }),
      response: Type.Object({ id: Type.String() }),
      writes: true,
      handle: (request, context) => {
        const repository = context.resolve(OrderRepository);
        expect(repository.transaction).toBe(context.transaction);
        expect(context.resolve<string>('clock')).toBe('root singleton');
        transactions.push(repository.transaction.id);
        const row = repository.save(table);
        if (request.fail) throw coreErrors.CONFLICT();
        return { id: row.id };
      },
    });
    const app = createOpwire({ operations: [place], container });
    await app.invoke(place, { fail: false }, { caller: customer });
    expect(await codeOf(app.invoke(place, { fail: true }, { caller: customer }))).toBe('CONFLICT');
    expect(table.rows.size).toBe(1);
    expect(new Set(transactions).size).toBe(2);
  });
});

describe('operations without a transaction', () => {
  it('run their handler with no transaction, while nested calls each get their own', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const opened: string[] = [];
    const transactions = createMemoryTransactionManager();
    const counting = {
      run: <T>(work: (transaction: Transaction) => Promise<T>, options: { readOnly: boolean }) =>
        transactions.run((transaction) => {
          opened.push(transaction.id);
          return work(transaction);
        }, options),
    };
    const batch = defineOperation({
      id: 'orders.batch',
      request: Type.Object({ count: Type.Integer() }),
      response: Type.Object({ seenTransaction: Type.Boolean() }),
      transaction: false,
      handle: async (request, context) => {
        for (let index = 0; index < request.count; index++)
          await context.invoke(create, { sku: 'tea', quantity: 1 });
        return { seenTransaction: context.transaction !== undefined };
      },
    });
    const app = createOpwire({ operations: [create, batch], transactions: counting });
    expect(await app.invoke(batch, { count: 2 }, { caller: customer })).toEqual({ seenTransaction: false });
    expect(new Set(opened).size).toBe(2);
    expect((await app.audit.list()).map((record) => record.operationId)).toEqual([
      'orders.create',
      'orders.create',
      'orders.batch',
    ]);
  });
});
