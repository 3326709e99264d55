import Type from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { Caller } from './caller.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { defineErrors } from './errors/define-errors.js';
import { defineMiddleware } from './middleware.js';
import { defineOperation } from './operation.js';

const shopErrors = defineErrors({
  OUT_OF_STOCK: {
    kind: 'rule',
    messages: { en: 'Only {available} left.', 'zh-CN': '仅剩 {available} 件。' },
  },
});
const Order = Type.Object({ id: Type.String(), quantity: Type.Integer() });

describe('the handler context is typed by the declaration', () => {
  it('has a caller and a tenant that are there for an operation that is not public', () => {
    defineOperation({
      id: 'orders.get',
      request: Type.Object({ id: Type.String() }),
      response: Order,
      handle(request, context) {
        expectTypeOf(request).toEqualTypeOf<{ id: string }>();
        expectTypeOf(context.caller).toEqualTypeOf<Caller>();
        expectTypeOf(context.tenant).toEqualTypeOf<string>();
        return { id: request.id, quantity: 1 };
      },
    });
  });

  it('has an optional caller and tenant for a public operation', () => {
    defineOperation({
      id: 'catalog.list',
      public: true,
      request: Type.Object({}),
      response: Type.Object({ count: Type.Integer() }),
      handle(_request, context) {
        expectTypeOf(context.caller).toEqualTypeOf<Caller | undefined>();
        expectTypeOf(context.tenant).toEqualTypeOf<string | undefined>();
        return { count: 0 };
      },
    });
  });

  it('raises only the errors it declared, with their params', () => {
    defineOperation({
      id: 'orders.create',
      request: Type.Object({ quantity: Type.Integer() }),
      response: Order,
      errors: [shopErrors.OUT_OF_STOCK, coreErrors.NOT_FOUND],
      handle(request, context) {
        if (request.quantity > 3) throw context.errors.OUT_OF_STOCK({ params: { available: 3 } });
        // @ts-expect-error: CONFLICT was not declared
        if (request.quantity > 2) throw context.errors.CONFLICT();
        // @ts-expect-error: misspelled
        if (request.quantity > 1) throw context.errors.OUT_OF_STOK({ params: { available: 3 } });
        // @ts-expect-error: the message names {available}
        if (request.quantity > 0) throw context.errors.OUT_OF_STOCK();
        return { id: 'o1', quantity: request.quantity };
      },
    });
  });

  it('sees what its middleware added to the context', () => {
    const plan = defineMiddleware({
      name: 'plan',
      async run(_context, next) {
        return next({ plan: 'gold' as 'gold' | 'free' });
      },
    });
    const quota = defineMiddleware({
      name: 'quota',
      async run(_context, next) {
        return next({ remaining: 3 });
      },
    });
    defineOperation({
      id: 'plans.read',
      request: Type.Object({}),
      response: Type.Object({}),
      use: [plan, quota],
      handle(_request, context) {
        expectTypeOf(context.plan).toEqualTypeOf<'gold' | 'free'>();
        expectTypeOf(context.remaining).toEqualTypeOf<number>();
        // @ts-expect-error: no middleware added "discount"
        context.discount;
        return {};
      },
    });
  });

  it('stays typed with a middleware written inline that adds nothing', () => {
    defineOperation({
      id: 'plans.list',
      request: Type.Object({}),
      response: Type.Object({}),
      use: [defineMiddleware({ name: 'trace', run: (_context, next) => next() })],
      handle(_request, context) {
        expectTypeOf(context.caller).toEqualTypeOf<Caller>();
        // @ts-expect-error: the context is not `any`
        context.discount;
        return {};
      },
    });
  });
});

describe('the precheck context is typed like the handler, without middleware', () => {
  it('has the request, the caller, the tenant and the declared errors, but nothing middleware adds', () => {
    const plan = defineMiddleware({
      name: 'plan',
      async run(_context, next) {
        return next({ plan: 'gold' as 'gold' | 'free' });
      },
    });
    const cancel = defineOperation({
      id: 'orders.cancel',
      request: Type.Object({ id: Type.String() }),
      response: Order,
      errors: [coreErrors.NOT_FOUND],
      writes: true,
      use: [plan],
      precheck(request, context) {
        expectTypeOf(request).toEqualTypeOf<{ id: string }>();
        expectTypeOf(context.caller).toEqualTypeOf<Caller>();
        expectTypeOf(context.tenant).toEqualTypeOf<string>();
        if (request.id === '') throw context.errors.NOT_FOUND({ params: { resource: 'order' } });
        // @ts-expect-error: middleware does not run before a precheck
        context.plan;
      },
      handle: (request) => ({ id: request.id, quantity: 1 }),
    });
    const app = createOpwire({ operations: [cancel] });
    expectTypeOf(app.precheck(cancel, { id: 'o1' })).toEqualTypeOf<Promise<void>>();
    // @ts-expect-error: id must be a string
    app.precheck(cancel, { id: 1 });
  });
});

describe('invoke is typed by the operation', () => {
  const getOrder = defineOperation({
    id: 'orders.get',
    request: Type.Object({ id: Type.String() }),
    response: Order,
    handle: (request) => ({ id: request.id, quantity: 1 }),
  });
  const app = createOpwire({ operations: [getOrder] });

  it('takes the request of a declared operation and resolves to its response', () => {
    expectTypeOf(app.invoke(getOrder, { id: 'o1' })).toEqualTypeOf<
      Promise<{ id: string; quantity: number }>
    >();
    // @ts-expect-error: id must be a string
    app.invoke(getOrder, { id: 1 });
    // @ts-expect-error: an unknown field
    app.invoke(getOrder, { id: 'o1', tenant: 'globex' });
    // @ts-expect-error: a missing field
    app.invoke(getOrder, {});
  });

  it('takes anything for a string id, checked at run time', () => {
    expectTypeOf(app.invoke('orders.get', { id: 1 })).toEqualTypeOf<Promise<unknown>>();
  });

  it('is typed inside a handler too (context.invoke)', () => {
    defineOperation({
      id: 'orders.copy',
      request: Type.Object({ id: Type.String() }),
      response: Order,
      async handle(request, context) {
        // @ts-expect-error: id must be a string
        await context.invoke(getOrder, { id: 2 });
        return context.invoke(getOrder, { id: request.id });
      },
    });
  });

  it('resolves a streaming operation to its events', () => {
    const ticks = defineOperation({
      id: 'clock.ticks',
      request: Type.Object({ count: Type.Integer() }),
      response: Type.Object({ tick: Type.Integer() }),
      stream: true,
      async *handle(request) {
        for (let tick = 0; tick < request.count; tick++) yield { tick };
      },
    });
    expectTypeOf(app.invoke(ticks, { count: 2 })).toEqualTypeOf<Promise<AsyncIterable<{ tick: number }>>>();
  });
});
