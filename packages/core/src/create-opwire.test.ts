import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { auditDigest, customer, OrdersTable, ordersOperations, reader } from '../test/orders-fixture.js';
import { defaultLogger } from './create-logger.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { isOpwireError, type OpwireError } from './errors/opwire-error.js';
import { defineOperation } from './operation.js';
import { parseTraceparent } from './telemetry.js';

function setup() {
  const table = new OrdersTable();
  const { create, get } = ordersOperations(table);
  const logged: unknown[] = [];
  const app = createOpwire({
    operations: [create, get],
    logger: { error: (message, details) => logged.push({ message, details }), warn: () => {} },
  });
  return { app, table, create, get, logged };
}

async function rejection(promise: Promise<unknown>): Promise<OpwireError> {
  try {
    await promise;
  } catch (error) {
    if (isOpwireError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

describe('invoke: bad input is rejected with its own code and no side effect', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['a missing field', { quantity: 1 }, 'MISSING_FIELD', 'sku'],
    ['a wrong type', { sku: 'tea', quantity: '1' }, 'WRONG_TYPE', 'quantity'],
    [
      'a string that looks like a number is not coerced',
      { sku: 'tea', quantity: '10' },
      'WRONG_TYPE',
      'quantity',
    ],
    ['a null', { sku: null, quantity: 1 }, 'NULL_NOT_ALLOWED', 'sku'],
    ['null is not zero', { sku: 'tea', quantity: null }, 'NULL_NOT_ALLOWED', 'quantity'],
    ['an invalid enum value', { sku: 'tea', quantity: 1, status: 'shipped' }, 'INVALID_ENUM', 'status'],
    ['an unknown field', { sku: 'tea', quantity: 1, tenant: 'globex' }, 'UNKNOWN_FIELD', 'tenant'],
    ['a value out of range', { sku: 'tea', quantity: 0 }, 'OUT_OF_RANGE', 'quantity'],
    ['a bad format', { sku: 'tea', quantity: 1, email: 'not-an-email' }, 'INVALID_FORMAT', 'email'],
    ['a business-rule violation', { sku: 'tea', quantity: 500 }, 'OUT_OF_STOCK', ''],
  ];

  it.each(cases)('%s', async (_name, input, code, field) => {
    const { app, table, create } = setup();
    await app.invoke(create, { sku: 'seed', quantity: 1 }, { caller: customer });
    const before = await auditDigest(app.audit);
    const rowsBefore = [...table.rows.values()];

    const error = await rejection(app.invoke(create, input as never, { caller: customer }));

    expect(error.code).toBe(code);
    expect(error.field ?? '').toBe(field);
    expect([...table.rows.values()]).toEqual(rowsBefore);
    const after = await app.audit.list();
    expect(after).toHaveLength(before.count + 1);
    expect(
      await auditDigest({ list: async () => after.slice(0, before.count), append: async () => {} }),
    ).toEqual(before);
    expect(after.at(-1)).toMatchObject({ operationId: 'orders.create', outcome: 'error', code });
  });

  it('reports the field, its pointer and what was expected, localized', async () => {
    const { app, create } = setup();
    const error = await rejection(app.invoke(create, { sku: 'tea', quantity: 1.5 }, { caller: customer }));
    expect(error.issues).toEqual([
      { code: 'WRONG_TYPE', field: 'quantity', pointer: '/quantity', expected: 'integer' },
    ]);
    expect(error.message).toBe('Field "quantity" must be integer.');
    expect(error.localize('zh-CN')).toBe('字段“quantity”必须是 整数。');
  });

  it('runs no handler for a rejected call', async () => {
    const { app, table, create } = setup();
    await rejection(app.invoke(create, { sku: 1 } as never, { caller: customer }));
    await rejection(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: reader }));
    await rejection(app.invoke(create, { sku: 'tea', quantity: 1 }));
    expect(table.handlerCalls).toBe(0);
  });
});

describe('invoke: authorization', () => {
  it('tells unauthenticated from denied', async () => {
    const { app, create } = setup();
    expect((await rejection(app.invoke(create, { sku: 'tea', quantity: 1 }))).code).toBe('UNAUTHENTICATED');
    const denied = await rejection(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: reader }));
    expect(denied.code).toBe('PERMISSION_DENIED');
    expect(denied.localize('zh-CN')).toContain('orders.create');
  });

  it('checks authentication before revealing anything about the schema', async () => {
    const { app, create } = setup();
    expect((await rejection(app.invoke(create, { nonsense: true } as never))).code).toBe('UNAUTHENTICATED');
  });

  it('takes the tenant from the caller, so another tenant cannot read the order', async () => {
    const { app, create, get } = setup();
    const order = await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer });
    const globex = { principalId: 'gina', tenant: 'globex', permissions: ['*'] };
    expect((await rejection(app.invoke(get, { id: order.id }, { caller: globex }))).code).toBe('NOT_FOUND');
    expect(await app.invoke(get, { id: order.id }, { caller: customer })).toEqual(order);
  });
});

describe('invoke: transaction and audit', () => {
  it('rolls back the handler writes when the handler fails, and audits the failure once', async () => {
    const { app, table, create } = setup();
    await rejection(app.invoke(create, { sku: 'tea', quantity: 500 }, { caller: customer }));
    expect(table.handlerCalls).toBe(1);
    expect(table.rows.size).toBe(0);
    expect(await app.audit.list()).toHaveLength(1);
  });

  it('writes exactly one ok record for a success, with the caller and origin', async () => {
    const { app, create } = setup();
    await app.invoke(create, { sku: 'tea', quantity: 2 }, { caller: customer, origin: { surface: 'http' } });
    expect(await app.audit.list()).toEqual([
      expect.objectContaining({
        operationId: 'orders.create',
        outcome: 'ok',
        principalId: 'alice',
        tenant: 'acme',
        origin: 'http',
      }),
    ]);
  });

  it('turns a response of the wrong shape into INTERNAL, logs it and sends nothing of it', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const logged: Array<{ message: string; details: Record<string, unknown> }> = [];
    const broken = { ...create, handle: () => ({ id: 1, secret: 'leak' }) } as unknown as typeof create;
    const app = createOpwire({
      operations: [broken],
      logger: { error: (message, details) => logged.push({ message, details }), warn: () => {} },
    });
    const error = await rejection(app.invoke(broken, { sku: 'tea', quantity: 1 }, { caller: customer }));
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('An internal error occurred.');
    expect(JSON.stringify(error)).not.toContain('leak');
    expect(logged).toHaveLength(1);
    expect((await app.audit.list())[0]).toMatchObject({ outcome: 'error', code: 'INTERNAL' });
  });

  it('turns a response with an extra field into INTERNAL, so nothing undeclared leaves the process', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const leaky = {
      ...create,
      handle: () => ({ id: 'o1', sku: 'tea', quantity: 1, status: 'pending', internalCost: 42 }),
    } as unknown as typeof create;
    const app = createOpwire({ operations: [leaky], logger: { error: () => {}, warn: () => {} } });
    const error = await rejection(app.invoke(leaky, { sku: 'tea', quantity: 1 }, { caller: customer }));
    expect(error.code).toBe('INTERNAL');
    expect(JSON.stringify(error)).not.toContain('internalCost');
  });

  it('takes a request and a response without a declared `toString` or `valueOf`: absent, not inherited', async () => {
    const describeLabel = defineOperation({
      id: 'labels.describe',
      request: Type.Object({ toString: Type.Optional(Type.String()) }),
      response: Type.Object({ valueOf: Type.Optional(Type.Number()), label: Type.String() }),
      expose: [],
      public: true,
      // The request is a plain object: an absent `toString` still reads as the inherited function. TypeScript
      // sees every object's inherited members too, hence the casts; HTTP bodies and tool arguments have none.
      handle: (input) =>
        ({ label: Object.hasOwn(input, 'toString') ? (input.toString as string) : 'none' }) as never,
    });
    const app = createOpwire({ operations: [describeLabel], logger: { error: () => {}, warn: () => {} } });
    expect(await app.invoke(describeLabel, {} as never)).toEqual({ label: 'none' });
    expect(await app.invoke(describeLabel, { toString: 'mine' })).toEqual({ label: 'mine' });
    const error = await rejection(app.invoke(describeLabel, { toString: 1 } as never));
    expect([error.code, error.field]).toEqual(['WRONG_TYPE', 'toString']);
  });

  it('rolls back a write whose response matches its schema but cannot be serialized (INTERNAL)', async () => {
    const rows: string[] = [];
    const store = defineOperation({
      id: 'counters.store',
      request: Type.Object({}),
      response: Type.Object({ value: Type.Any() }),
      expose: [],
      public: true,
      writes: true,
      handle: (_request, context) => {
        context.transaction?.onCommit(() => rows.push('written'));
        return { value: 10n };
      },
    });
    const logged: unknown[] = [];
    const app = createOpwire({
      operations: [store],
      logger: { error: (message) => logged.push(message), warn: () => {} },
    });
    await expect(app.invoke(store, {})).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(rows).toEqual([]);
    expect(logged).toEqual(['operation failed']);
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
  });

  it('turns an unknown throwable into INTERNAL without its message', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const throwing = {
      ...create,
      handle: () => {
        throw new Error('password=hunter2');
      },
    } as unknown as typeof create;
    const app = createOpwire({ operations: [throwing], logger: { error: () => {}, warn: () => {} } });
    const error = await rejection(app.invoke(throwing, { sku: 'tea', quantity: 1 }, { caller: customer }));
    expect(error.code).toBe('INTERNAL');
    expect(error.localize('en')).not.toContain('hunter2');
  });
});

describe('invoke: trace context without an OpenTelemetry SDK', () => {
  it('carries the incoming trace id into the audit record', async () => {
    const { app, create } = setup();
    const parent = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer, trace: parent });
    await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer });
    expect((await app.audit.list()).map((record) => record.traceId)).toEqual([parent?.traceId, undefined]);
  });

  it('gives every invocation its own UUID-shaped id', async () => {
    const { app, create } = setup();
    for (let call = 0; call < 3; call++)
      await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer });
    const ids = (await app.audit.list()).map((record) => record.invocationId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('refuse: a call a surface refused before making it', () => {
  it('is audited as that call, with its code, origin and trace, and nothing runs', async () => {
    const { app, create, table } = setup();
    const parent = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await app.refuse(create, coreErrors.UNAUTHENTICATED(), {
      origin: { surface: 'http', requestId: 'r-1' },
      trace: parent,
    });
    expect([table.rows.size, table.handlerCalls]).toEqual([0, 0]);
    expect(await app.audit.list()).toEqual([
      expect.objectContaining({
        operationId: 'orders.create',
        outcome: 'error',
        code: 'UNAUTHENTICATED',
        origin: 'http',
        principalId: undefined,
        traceId: parent?.traceId,
      }),
    ]);
    expect((await rejection(app.refuse('orders.nowhere', coreErrors.UNAUTHENTICATED()))).code).toBe(
      'INVALID_CONFIGURATION',
    );
  });
});

describe('prepare: the same pipeline, resolved once', () => {
  const note = (handle: (request: { text: string }) => { text: string } | Promise<{ text: string }>) =>
    defineOperation({
      id: 'notes.create',
      request: Type.Object({ text: Type.String({ minLength: 1 }) }),
      response: Type.Object({ text: Type.String() }),
      expose: [],
      public: true,
      writes: true,
      handle,
    });

  it('returns the response itself when a synchronous handler ran on memory adapters, audited like invoke', async () => {
    const app = createOpwire({ operations: [note(({ text }) => ({ text }))] });
    const call = app.prepare('notes.create');
    expect(call({ text: 'hi' })).toEqual({ text: 'hi' });
    expect(await app.invoke('notes.create', { text: 'there' })).toEqual({ text: 'there' });
    const records = await app.audit.list();
    expect(records.map((each) => [each.operationId, each.outcome])).toEqual([
      ['notes.create', 'ok'],
      ['notes.create', 'ok'],
    ]);
  });

  it('returns a promise when the handler waits, and rejects failures (audited once)', async () => {
    const app = createOpwire({ operations: [note(async ({ text }) => ({ text }))] });
    const call = app.prepare('notes.create');
    const waiting = call({ text: 'later' });
    expect(waiting).toBeInstanceOf(Promise);
    expect(await waiting).toEqual({ text: 'later' });
    const failing = call({ text: '' });
    expect(failing).toBeInstanceOf(Promise);
    await expect(failing).rejects.toMatchObject({ code: 'OUT_OF_RANGE' });
    expect((await app.audit.list()).map((each) => each.code ?? each.outcome)).toEqual(['ok', 'OUT_OF_RANGE']);
  });

  it('rejects, never throws, for a bad timeout or an operation that is not registered', async () => {
    const app = createOpwire({ operations: [note(({ text }) => ({ text }))] });
    const call = app.prepare('notes.create');
    for (const timeoutMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      let prepared: unknown;
      expect(() => {
        prepared = call({ text: 'hi' }, { timeoutMs });
      }).not.toThrow();
      await expect(prepared).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION' });
      let invoked: unknown;
      expect(() => {
        invoked = app.invoke('notes.create', { text: 'hi' }, { timeoutMs });
      }).not.toThrow();
      await expect(invoked).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION' });
    }
    let unknown: unknown;
    expect(() => {
      unknown = app.invoke('notes.nope', {});
    }).not.toThrow();
    await expect(unknown).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION' });
  });

  it('takes an explicit undefined for every optional option as its default', async () => {
    const app = createOpwire({
      operations: [note(({ text }) => ({ text }))],
      errors: undefined,
      use: undefined,
      container: undefined,
      transactions: undefined,
      audit: undefined,
      logger: undefined,
    });
    expect(app.logger).toBe(defaultLogger());
    expect(await app.invoke('notes.create', { text: 'hi' })).toEqual({ text: 'hi' });
    expect((await app.audit.list()).map((record) => record.outcome)).toEqual(['ok']);
  });

  it('fails fast for an operation that is not registered', () => {
    const app = createOpwire({ operations: [] });
    expect(() => app.prepare('notes.create')).toThrow(/not registered/);
  });
});
