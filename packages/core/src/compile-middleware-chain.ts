import type { Invocation } from './invocation.js';
import type { AnyMiddleware, Next } from './middleware.js';

/** The layer a chain ends in: the transaction, the handler, or the stream. */
export type Layer = (invocation: Invocation) => Promise<unknown>;

/** Runs a list of middleware around a layer, in order; each may call `next` at most once. */
export type Chain = (invocation: Invocation, last: Layer) => Promise<unknown>;

/** Composes middleware into one function (as hono's `compose`): the first runs first and its `next` runs the rest. */
export function compileMiddlewareChain(middleware: readonly AnyMiddleware[]): Chain {
  if (middleware.length === 0) return (invocation, last) => last(invocation);
  return (invocation, last) => {
    const dispatch = async (index: number): Promise<unknown> => {
      const layer = middleware[index];
      if (layer === undefined) return last(invocation);
      let called = false;
      const next: Next = (async (extension?: object) => {
        if (called) throw new Error(`middleware "${layer.name}" called next() more than once`);
        called = true;
        if (extension !== undefined) invocation.extend(extension, layer.name);
        return dispatch(index + 1);
      }) as Next;
      const answer = await layer.run(invocation, next);
      if (!called) invocation.answeredBy ??= layer.name;
      return answer;
    };
    return dispatch(0);
  };
}
