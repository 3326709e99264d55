import Type from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { coreErrors } from './errors/core-errors.js';
import { defineMiddleware, respondWith } from './middleware.js';
import { defineOperation } from './operation.js';

describe('a middleware written without async', () => {
  it('may refuse, answer on its own or call next, and what it adds is still typed in the handler', () => {
    const gate = defineMiddleware({
      name: 'gate',
      errors: [coreErrors.UNAVAILABLE],
      run: (context, next) => {
        if (context.headers['x-closed'] !== undefined) throw coreErrors.UNAVAILABLE();
        if (context.headers['x-cached'] !== undefined) return respondWith({ message: 'cached' });
        return next({ gated: true as const });
      },
    });
    defineOperation({
      id: 'greetings.create',
      request: Type.Object({}),
      response: Type.Object({ message: Type.String() }),
      public: true,
      use: [gate],
      handle: (_request, context) => {
        expectTypeOf(context.gated).toEqualTypeOf<true>();
        // @ts-expect-error: the gate added nothing else
        void context.other;
        return { message: 'hello' };
      },
    });
  });
});
