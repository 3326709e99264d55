import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import type { Caller } from './caller.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { defineMiddleware } from './middleware.js';
import { defineOperation } from './operation.js';
import type { Transaction } from './ports/transaction-manager.js';
import { compileValidator } from './validation/compile-validator.js';

// The real validator compiler, watched so a test can count how often a precheck compiles a schema.
vi.mock('./validation/compile-validator.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./validation/compile-validator.js')>();
  return { ...original, compileValidator: vi.fn(original.compileValidator) };
});

const support: Caller = { principalId: 'sam', tenant: 'acme', permissions: ['orders:cancel'] };
const globex: Caller = { principalId: 'gina', tenant: 'globex', permissions: ['orders:cancel'] };
const customer: Caller = { principalId: 'alice', tenant: 'acme', permissions: [] };

function setup() {
  const orders = new Map([['o-1', { tenant: 'acme', status: 'paid' }]]);
  const seen: { handled: number; middleware: number; transactions: Transaction[] } = {
    handled: 0,
    middleware: 0,
    transactions: [],
  };
  const counted = defineMiddleware({
    name: 'counted',
    phase: 'outside',
    run: (_context, next) => {
      seen.middleware++;
      return next();
    },
  });
  const cancel = defineOperation({
    id: 'orders.cancel',
    request: Type.Object({ id: Type.String() }),
    response: Type.Object({ id: Type.String() }),
    permission: 'orders:cancel',
    writes: true,
    errors: [coreErrors.NOT_FOUND, coreErrors.CONFLICT],
    use: [counted],
    precheck(request, context) {
      seen.transactions.push(context.transaction as Transaction);
      const order = orders.get(request.id);
      if (!order || order.tenant !== context.tenant) {
        throw context.errors.NOT_FOUND({ params: { resource: 'order' } });
      }
      if (order.status === 'boom') throw new Error('database password leaked');
    },
    handle(request, context) {
      const order = orders.get(request.id);
      if (!order || order.tenant !== context.tenant) {
        throw context.errors.NOT_FOUND({ params: { resource: 'order' } });
      }
      seen.handled++;
      return { id: request.id };
    },
  });
  const logged: unknown[] = [];
  const app = createOpwire({
    operations: [cancel],
    logger: { error: (message) => logged.push(message), warn: () => {} },
  });
  return { app, cancel, orders, seen, logged };
}

describe('precheck: whether a call could be made, without making it', () => {
  it('resolves for a call the caller could make, running the hook in a read-only transaction only', async () => {
    const { app, cancel, seen } = setup();
    await expect(app.precheck(cancel, { id: 'o-1' }, { caller: support })).resolves.toBeUndefined();
    expect(seen.transactions.map((transaction) => transaction.readOnly)).toEqual([true]);
    expect([seen.handled, seen.middleware]).toEqual([0, 0]);
    expect(await app.audit.list()).toEqual([]);
  });

  it('rejects with the code the call itself answers, audited as that call would be', async () => {
    const { app, cancel, seen } = setup();
    const cases: Array<[Caller | undefined, unknown, string]> = [
      [undefined, { id: 'o-1' }, 'UNAUTHENTICATED'],
      [support, { id: 7 }, 'WRONG_TYPE'],
      [support, { id: 'o-1', tenant: 'globex' }, 'UNKNOWN_FIELD'],
      [customer, { id: 'o-1' }, 'PERMISSION_DENIED'],
      [globex, { id: 'o-1' }, 'NOT_FOUND'],
      [support, { id: 'o-404' }, 'NOT_FOUND'],
    ];
    const records = async () =>
      (await app.audit.list()).map((record) => [record.outcome, record.code, record.principalId ?? null]);
    for (const [caller, input, code] of cases) {
      const before = (await records()).length;
      await expect(app.precheck(cancel, input as never, { caller })).rejects.toMatchObject({ code });
      // A refused precheck is the call's answer (MCP and the chat answer it instead of asking for approval).
      expect((await records()).slice(before)).toEqual([['error', code, caller?.principalId ?? null]]);
      const invoked = app.invoke(cancel, input as never, { caller });
      await expect(invoked).rejects.toMatchObject({ code });
      expect((await records()).slice(before)).toEqual([
        ['error', code, caller?.principalId ?? null],
        ['error', code, caller?.principalId ?? null],
      ]);
    }
    expect(seen.handled).toBe(0);
  });

  it("answers the foreign order in the same words as the call, in the caller's locale", async () => {
    const { app, cancel } = setup();
    for (const locale of ['en', 'zh-CN'] as const) {
      const prechecked = await app
        .precheck(cancel, { id: 'o-1' }, { caller: globex, locale })
        .catch((e) => e);
      const invoked = await app.invoke(cancel, { id: 'o-1' }, { caller: globex, locale }).catch((e) => e);
      expect(prechecked.localize(locale)).toBe(invoked.localize(locale));
    }
  });

  it('turns an unknown failure of the hook into INTERNAL and logs it', async () => {
    const { app, cancel, orders, logged } = setup();
    orders.set('o-2', { tenant: 'acme', status: 'boom' });
    const error = await app.precheck(cancel, { id: 'o-2' }, { caller: support }).catch((e) => e);
    expect(error.code).toBe('INTERNAL');
    expect(error.localize('en')).not.toContain('password');
    expect(logged).toEqual(['precheck failed']);
  });

  it('checks only admission for an operation without a hook, and compiles it once', async () => {
    const plain = defineOperation({
      id: 'notes.delete',
      request: Type.Object({ id: Type.String() }),
      response: Type.Object({}),
      permission: 'notes:delete',
      handle: () => ({}),
    });
    const app = createOpwire({ operations: [plain] });
    const compiled = vi.mocked(compileValidator);
    compiled.mockClear();
    for (let round = 0; round < 3; round++) {
      await expect(app.precheck(plain, { id: 'n-1' }, { caller: customer })).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await expect(
        app.precheck(plain, { id: 'n-1' }, { caller: { ...customer, permissions: ['notes:delete'] } }),
      ).resolves.toBeUndefined();
    }
    expect(compiled).toHaveBeenCalledTimes(1);
    await expect(app.precheck('notes.nope', {}, { caller: customer })).rejects.toMatchObject({
      code: 'INVALID_CONFIGURATION',
    });
  });
});
