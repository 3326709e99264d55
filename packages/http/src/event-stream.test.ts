import { describe, expect, it } from 'vitest';
import { toEventStream } from './event-stream.js';

/** Events whose second one is awaited until `settle` says how it ends: another event, or the end. */
function heldEvents() {
  let settle: ((step: IteratorResult<unknown>) => void) | undefined;
  let returned = false;
  const iterator: AsyncIterator<unknown> = {
    next: () =>
      settle === undefined
        ? new Promise((resolve) => {
            settle = resolve;
            if (!returned) resolve({ done: false, value: { n: 0 } });
          })
        : new Promise((resolve) => {
            settle = resolve;
          }),
    return: async () => {
      returned = true;
      return { done: true, value: undefined };
    },
  };
  return {
    events: { [Symbol.asyncIterator]: () => iterator },
    settle: (step: IteratorResult<unknown>) => settle?.(step),
    returned: () => returned,
  };
}

describe('an event stream', () => {
  it.each([
    ['another event', { done: false, value: { n: 1 } }],
    ['the end', { done: true, value: undefined }],
  ] as const)(
    'stops quietly when its reader cancels while the next event is awaited (%s)',
    async (_name, step) => {
      const held = heldEvents();
      const body = toEventStream(held.events, { locale: 'en', requestId: 'r-1' }).body;
      const reader = (body as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: message\ndata: {"n":0}\n\n');
      // The stream reads ahead: it asks for the next event, and the client leaves while it is pending.
      await new Promise((resolve) => setImmediate(resolve));
      await reader.cancel();
      expect(held.returned()).toBe(true);
      held.settle(step);
      // Nothing is enqueued on the cancelled stream (which would throw), and its read ends without one.
      await new Promise((resolve) => setImmediate(resolve));
    },
  );
});
