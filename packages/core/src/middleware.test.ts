import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { customer, OrdersTable, ordersOperations } from '../test/orders-fixture.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { isOpwireError } from './errors/opwire-error.js';
import { defineMiddleware, type MiddlewareResponseHeader, respondWith } from './middleware.js';
import { defineOperation } from './operation.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (isOpwireError(error)) return error.code;
    throw error;
  }
}

const silent = { error() {}, warn() {} };

describe('middleware', () => {
  it('runs after authorization, may refuse, and the refusal is audited with its header', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const counts = new Map<string, number>();
    const rateLimit = defineMiddleware({
      name: 'rate-limit',
      errors: [coreErrors.RATE_LIMITED],
      headers: ['Retry-After'],
      async run(context, next) {
        const key = context.caller?.principalId ?? 'anonymous';
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if ((counts.get(key) ?? 0) > 2) {
          context.setHeader('retry-after', '7');
          throw coreErrors.RATE_LIMITED({ params: { retryAfter: 7 }, headers: { 'retry-after': '7' } });
        }
        return next();
      },
    });
    const app = createOpwire({ operations: [create], use: [rateLimit] });
    const headers: Record<string, string> = {};
    const codes = [];
    for (let call = 0; call < 3; call++)
      codes.push(
        await codeOf(
          app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer, responseHeaders: headers }),
        ),
      );
    expect(await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }))).toBe('UNAUTHENTICATED');
    expect(codes).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    expect(headers).toEqual({ 'retry-after': '7' });
    expect(table.rows.size).toBe(2);
    expect((await app.audit.list()).map((record) => record.code ?? 'ok')).toEqual([
      'ok',
      'ok',
      'RATE_LIMITED',
      'UNAUTHENTICATED',
    ]);
    expect(app.errorsOf(create).map((entry) => entry.code)).toEqual(['OUT_OF_STOCK', 'RATE_LIMITED']);
    expect(app.responseHeadersOf(create)).toEqual([{ name: 'retry-after', success: true, errors: 'all' }]);
  });

  it('adds to the context what it passes to next, for later middleware and the handler', async () => {
    const plan = defineMiddleware({
      name: 'plan',
      async run(context, next) {
        return next({ plan: context.caller?.tenant === 'acme' ? 'gold' : 'free' });
      },
    });
    const seen: string[] = [];
    const greet = defineOperation({
      id: 'plans.read',
      request: Type.Object({}),
      response: Type.Object({ plan: Type.String() }),
      use: [plan],
      handle(_request, context) {
        seen.push(context.plan);
        return { plan: context.plan };
      },
    });
    const app = createOpwire({ operations: [greet] });
    expect(await app.invoke(greet, {}, { caller: customer })).toEqual({ plan: 'gold' });
    expect(seen).toEqual(['gold']);
  });

  it('cannot overwrite what the context already has', async () => {
    const spoof = defineMiddleware({
      name: 'spoof',
      async run(_context, next) {
        return next({ tenant: 'globex' });
      },
    });
    const { create } = ordersOperations(new OrdersTable());
    const app = createOpwire({ operations: [create], use: [spoof], logger: silent });
    expect(await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer }))).toBe(
      'INTERNAL',
    );
  });

  it('may answer on its own: the handler never runs, the answer is checked and audited once', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const seen = new Map<string, unknown>();
    const replay = defineMiddleware({
      name: 'replay',
      async run(context, next) {
        const key = context.headers['idempotency-key'];
        if (key && seen.has(key)) return respondWith(seen.get(key));
        const value = await next();
        if (key) seen.set(key, value);
        return value;
      },
    });
    const app = createOpwire({ operations: [create], use: [replay] });
    const options = { caller: customer, headers: { 'idempotency-key': 'k1' } };
    const first = await app.invoke(create, { sku: 'tea', quantity: 1 }, options);
    const second = await app.invoke(create, { sku: 'tea', quantity: 1 }, options);
    expect(second).toEqual(first);
    expect(table.handlerCalls).toBe(1);
    expect((await app.audit.list()).map((record) => record.outcome)).toEqual(['ok', 'ok']);
  });

  it('may be written without async: a throw refuses, a plain value answers, next runs the handler', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const gate = defineMiddleware({
      name: 'gate',
      errors: [coreErrors.UNAVAILABLE],
      run: (context, next) => {
        if (context.headers['x-mode'] === 'closed') throw coreErrors.UNAVAILABLE();
        if (context.headers['x-mode'] === 'cached')
          return respondWith({ id: 'o-cached', sku: 'tea', quantity: 1, status: 'pending' });
        return next();
      },
    });
    const app = createOpwire({ operations: [create], use: [gate], logger: silent });
    const order = { sku: 'tea', quantity: 1 };
    const closed = app.invoke(create, order, { caller: customer, headers: { 'x-mode': 'closed' } });
    expect(await codeOf(closed)).toBe('UNAVAILABLE');
    const cached = await app.invoke(create, order, { caller: customer, headers: { 'x-mode': 'cached' } });
    expect(cached).toEqual({ id: 'o-cached', sku: 'tea', quantity: 1, status: 'pending' });
    expect(table.handlerCalls).toBe(0);
    await app.invoke(create, order, { caller: customer });
    expect(table.handlerCalls).toBe(1);
    expect((await app.audit.list()).map((record) => record.outcome)).toEqual(['error', 'ok', 'ok']);
  });

  it('an answer of its own with an undeclared field is INTERNAL, audited once, handler never run', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    const leaky = defineMiddleware({
      name: 'leaky',
      async run() {
        return respondWith({ id: 'o1', sku: 'tea', quantity: 1, status: 'pending', secret: 'internal note' });
      },
    });
    const app = createOpwire({ operations: [create], use: [leaky], logger: silent });
    expect(await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer }))).toBe(
      'INTERNAL',
    );
    expect(table.handlerCalls).toBe(0);
    expect((await app.audit.list()).map((record) => record.code ?? record.outcome)).toEqual(['INTERNAL']);
  });

  it('names the middleware that answered without calling next() when its answer is off the schema', async () => {
    const table = new OrdersTable();
    const { create } = ordersOperations(table);
    // The mistake TypeScript cannot see in plain JavaScript: a layer that forgot `return next()`.
    const forgetful = defineMiddleware({
      name: 'forgetful',
      async run(context, next) {
        if (context.headers['x-skip']) return undefined as never;
        return next();
      },
    });
    const lines: Array<{ message: string; error?: unknown }> = [];
    const logger = {
      ...silent,
      error: (message: string, fields?: Record<string, unknown>) =>
        lines.push({ message, error: fields?.error }),
    };
    const app = createOpwire({ operations: [create], use: [forgetful], logger });
    const options = { caller: customer, headers: { 'x-skip': '1' } };
    expect(await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }, options))).toBe('INTERNAL');
    expect(table.handlerCalls).toBe(0);
    expect(String((lines[0]?.error as Error | undefined)?.message)).toBe(
      'middleware "forgetful" answered operation "orders.create" without calling next(), with a value that does not match its response schema (return next(), or respondWith a value of that schema)',
    );
    // Through next(), the call answers as usual and nothing is logged.
    lines.length = 0;
    await app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer });
    expect(lines).toEqual([]);
  });

  it('runs the app’s middleware before the operation’s, outside ones before the transaction', async () => {
    const order: string[] = [];
    const layer = (name: string, phase: 'outside' | 'inside') =>
      defineMiddleware({
        name,
        phase,
        async run(context, next) {
          order.push(`${name}:${context.transaction ? 'in' : 'out'}`);
          return next();
        },
      });
    const op = defineOperation({
      id: 'things.touch',
      request: Type.Object({}),
      response: Type.Object({}),
      writes: true,
      use: [layer('op-outside', 'outside'), layer('op-inside', 'inside')],
      handle: () => ({}),
    });
    const app = createOpwire({
      operations: [op],
      use: [layer('app-inside', 'inside'), layer('app-outside', 'outside')],
    });
    await app.invoke(op, {}, { caller: customer });
    expect(order).toEqual(['app-outside:out', 'op-outside:out', 'app-inside:in', 'op-inside:in']);
  });

  it('refuses a second call of next', async () => {
    const twice = defineMiddleware({
      name: 'twice',
      async run(_context, next) {
        await next();
        return next();
      },
    });
    const { create } = ordersOperations(new OrdersTable());
    const app = createOpwire({ operations: [create], use: [twice], logger: silent });
    const errors: unknown[] = [];
    const logged = createOpwire({
      operations: [create],
      use: [twice],
      logger: { error: (_message, details) => errors.push(details.error), warn() {} },
    });
    expect(await codeOf(app.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer }))).toBe('ok');
    await logged.invoke(create, { sku: 'tea', quantity: 1 }, { caller: customer });
    expect(String(errors[0])).toMatch(/called next\(\) more than once/);
  });

  it.each(['before', 'Outside', ''])(
    'refuses the phase %j, which no chain would run: the middleware would be skipped on every call',
    async (phase) => {
      const define = () =>
        defineMiddleware({
          name: 'deny',
          phase: phase as 'outside',
          errors: [coreErrors.PERMISSION_DENIED],
          run: async () => {
            throw coreErrors.PERMISSION_DENIED({ params: { operation: 'secret.get' } });
          },
        });
      expect(define).toThrow(
        new TypeError(`Middleware "deny": phase "${phase}" must be "outside" or "inside".`),
      );
    },
  );

  it('needs a well-formed name', () => {
    expect(() => defineMiddleware({ name: '', run: async (_context, next) => next() })).toThrow(/must start/);
  });

  it.each([
    ['bad header', /"bad header" is not an HTTP token/],
    ['x-é', /is not an HTTP token/],
    ['', /is not an HTTP token/],
    ['Content-Type', /"Content-Type" is written by the surface itself/],
  ])('refuses to declare the response header %j', (header, message) => {
    expect(() =>
      defineMiddleware({ name: 'stamp', headers: [header], run: async (_context, next) => next() }),
    ).toThrow(message);
  });

  it('lists the request headers of the middleware guarding an operation, once each, in lower case', () => {
    const read = (name: string, description: string) =>
      defineMiddleware({
        name,
        requestHeaders: [{ name: 'X-Tenant-Hint', description }],
        appliesTo: (operation) => operation.writes,
        run: async (_context, next) => next(),
      });
    const { create, get } = ordersOperations(new OrdersTable());
    const app = createOpwire({
      operations: [create, get],
      use: [read('first', 'first'), read('second', 'second')],
    });
    expect(app.requestHeadersOf(create)).toEqual([{ name: 'x-tenant-hint', description: 'first' }]);
    expect(app.requestHeadersOf(get)).toEqual([]);
    expect(() =>
      defineMiddleware({
        name: 'hint',
        requestHeaders: [{ name: 'x hint', description: '' }],
        run: async (_context, next) => next(),
      }),
    ).toThrow('Middleware "hint": request header "x hint" is not an HTTP header name.');
  });

  it('lists the response headers of the middleware guarding an operation once each, with the answers they come on', () => {
    const layer = (name: string, headers: readonly MiddlewareResponseHeader[]) =>
      defineMiddleware({
        name,
        errors: [coreErrors.RATE_LIMITED],
        headers,
        run: async (_context, next) => next(),
      });
    const { create } = ordersOperations(new OrdersTable());
    const app = createOpwire({
      operations: [create],
      use: [
        layer('limit', [{ name: 'Retry-After', on: 'errors' }]),
        layer('replay', [
          { name: 'retry-after', on: 'success' },
          { name: 'X-Replayed', on: 'success' },
        ]),
        layer('stamp', ['X-Stamp']),
      ],
    });
    expect(app.responseHeadersOf(create)).toEqual([
      { name: 'retry-after', success: true, errors: ['RATE_LIMITED'] },
      { name: 'x-replayed', success: true, errors: [] },
      { name: 'x-stamp', success: true, errors: 'all' },
    ]);
  });
});
