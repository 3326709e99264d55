import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createOpwire } from '../create-opwire.js';
import { defineOperation } from '../operation.js';
import { coreErrors } from './core-errors.js';
import { defineErrors } from './define-errors.js';
import { isOpwireError } from './opwire-error.js';

const shopErrors = defineErrors({
  OUT_OF_STOCK: {
    kind: 'rule',
    messages: { en: 'Only {available} left.', 'zh-CN': '仅剩 {available} 件。' },
    data: Type.Object({ sku: Type.String(), available: Type.Integer() }),
  },
});
const stray = defineErrors({
  STRAY: { kind: 'rule', messages: { en: 'Stray {n}.', 'zh-CN': '迷路 {n}。' } },
});

/** What a call answers: its code and data, or `ok`; and what the logger was told. */
async function answerOf(promise: Promise<unknown>) {
  try {
    await promise;
    return { code: 'ok' };
  } catch (error) {
    if (!isOpwireError(error)) throw error;
    return { code: error.code, ...(error.data === undefined ? {} : { data: error.data }) };
  }
}

function appThrowing(
  thrown: () => never,
  options: { readonly errors?: boolean; readonly stream?: boolean } = {},
) {
  const logged: string[] = [];
  const logger = {
    error: (_message: string, fields?: { error?: unknown }) =>
      logged.push(String((fields?.error as Error | undefined)?.message)),
    warn() {},
  };
  const operation = options.stream
    ? defineOperation({
        id: 'things.watch',
        request: Type.Object({}),
        response: Type.Object({ n: Type.Integer() }),
        stream: true,
        public: true,
        errors: [shopErrors.OUT_OF_STOCK],
        async *handle() {
          yield { n: 1 };
          thrown();
        },
      })
    : defineOperation({
        id: 'things.create',
        request: Type.Object({}),
        response: Type.Object({}),
        public: true,
        errors: [shopErrors.OUT_OF_STOCK],
        handle: async () => thrown(),
      });
  const app = createOpwire({
    operations: [operation],
    logger,
    ...(options.errors ? { errors: [stray] } : {}),
  });
  return { app, operation, logged };
}

describe('what an operation answers of the errors it raises', () => {
  it('sends a declared error with data that matches its schema', async () => {
    const { app, operation } = appThrowing(() => {
      throw shopErrors.OUT_OF_STOCK({ params: { available: 2 }, data: { sku: 'tea', available: 2 } });
    });
    expect(await answerOf(app.invoke(operation, {}))).toEqual({
      code: 'OUT_OF_STOCK',
      data: { sku: 'tea', available: 2 },
    });
  });

  it('answers INTERNAL, logged, for data with a field its schema lacks or a value of the wrong type', async () => {
    for (const data of [
      { sku: 'tea', available: 2, passwordHash: 'secret' },
      { sku: 'tea', available: 'two' },
      undefined,
    ]) {
      const { app, operation, logged } = appThrowing(() => {
        throw shopErrors.OUT_OF_STOCK({ params: { available: 2 }, data: data as never });
      });
      expect(await answerOf(app.invoke(operation, {}))).toEqual({ code: 'INTERNAL' });
      expect(logged).toEqual([
        'error "OUT_OF_STOCK" was raised with data that does not match its data schema',
      ]);
      expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
    }
  });

  it('answers INTERNAL, logged, for a code the app never declared; declared to createOpwire, it is sent', async () => {
    const raise = () => {
      throw stray.STRAY({ params: { n: 1 } });
    };
    const undeclared = appThrowing(raise);
    expect(undeclared.app.errors.get('STRAY')).toBeUndefined();
    expect(await answerOf(undeclared.app.invoke(undeclared.operation, {}))).toEqual({ code: 'INTERNAL' });
    expect(undeclared.logged).toEqual([
      'error code "STRAY" is not declared: give its catalogue to createOpwire({ errors }) or list it in the operation\'s errors',
    ]);
    const declared = appThrowing(raise, { errors: true });
    expect(await answerOf(declared.app.invoke(declared.operation, {}))).toEqual({ code: 'STRAY' });
  });

  it('holds an error a stream raises after its first event to the same rule', async () => {
    const { app, operation, logged } = appThrowing(
      () => {
        throw stray.STRAY({ params: { n: 1 } });
      },
      { stream: true },
    );
    const events: unknown[] = [];
    const read = async () => {
      for await (const event of (await app.invoke(operation, {})) as AsyncIterable<unknown>)
        events.push(event);
    };
    expect(await answerOf(read())).toEqual({ code: 'INTERNAL' });
    expect(events).toEqual([{ n: 1 }]);
    expect(logged).toHaveLength(1);
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
  });

  it('answers INTERNAL, logged with the reason, for a configuration error raised during a call, not the reason itself', async () => {
    // Such as sqlOf(context) on an app not given PostgreSQL's transactions, or a nested call to an operation
    // that is not registered: the server's setup, which the caller cannot fix and should not be told.
    for (const stream of [false, true]) {
      const { app, operation, logged } = appThrowing(
        () => {
          throw coreErrors.INVALID_CONFIGURATION({
            params: { reason: 'the pool at db.internal:5432 is not set up' },
          });
        },
        { stream },
      );
      const read = async () => {
        const answer = await app.invoke(operation, {});
        if (stream) for await (const _event of answer as AsyncIterable<unknown>);
      };
      expect(await answerOf(read())).toEqual({ code: 'INTERNAL' });
      expect(logged).toEqual([
        'a configuration error failed the call: Invalid configuration: the pool at db.internal:5432 is not set up',
      ]);
      expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
    }
  });
});
