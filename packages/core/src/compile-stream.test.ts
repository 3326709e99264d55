import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import { customer } from '../test/orders-fixture.js';
import { createOpwire } from './create-opwire.js';
import { coreErrors } from './errors/core-errors.js';
import { defineMiddleware, respondWith } from './middleware.js';
import { defineOperation } from './operation.js';

const silent = { error() {}, warn() {} };

function ticker(options: { failAt?: number; badAt?: number; log?: string[] } = {}) {
  return defineOperation({
    id: 'clock.ticks',
    request: Type.Object({ count: Type.Integer({ minimum: 1, maximum: 100 }) }),
    response: Type.Object({ tick: Type.Integer() }),
    stream: true,
    errors: [coreErrors.UNAVAILABLE],
    async *handle(request, context) {
      try {
        for (let tick = 0; tick < request.count; tick++) {
          if (tick === options.failAt) throw context.errors.UNAVAILABLE();
          yield (tick === options.badAt ? { tick: 'x' } : { tick }) as { tick: number };
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      } finally {
        options.log?.push(`closed, signal aborted: ${context.signal.aborted}`);
      }
    },
  });
}

/**
 * A stream that keeps going when its signal aborts, as one that never looks at it does: each event after the
 * first waits for `pace`. Its state says whether its signal aborted and whether its `finally` ran.
 */
function watcher(pace: (signal: AbortSignal) => Promise<void> = () => Promise.resolve()) {
  const state = { aborted: false, closed: false };
  const operation = defineOperation({
    id: 'ticks.watch',
    public: true,
    request: Type.Object({ badAt: Type.Integer() }),
    response: Type.Object({ n: Type.Integer() }),
    stream: true,
    async *handle(request, context) {
      context.signal.addEventListener('abort', () => {
        state.aborted = true;
      });
      try {
        for (let n = 1; n <= 50; n++) {
          yield (n === request.badAt ? { n, extra: 'off-schema' } : { n }) as { n: number };
          await pace(context.signal);
        }
      } finally {
        state.closed = true;
      }
    },
  });
  return { operation, state };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const abortOf = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

async function collect(events: AsyncIterable<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('streaming operations', () => {
  it('stream checked events and leave one ok record when the stream ends', async () => {
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks] });
    const events = await app.invoke(ticks, { count: 3 }, { caller: customer });
    expect(await app.audit.list()).toEqual([]);
    expect(await collect(events)).toEqual([{ tick: 0 }, { tick: 1 }, { tick: 2 }]);
    expect((await app.audit.list()).map((record) => [record.operationId, record.outcome])).toEqual([
      ['clock.ticks', 'ok'],
    ]);
  });

  it('refuse a bad request before streaming, audited like any call', async () => {
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks] });
    await expect(app.invoke(ticks, { count: 0 }, { caller: customer })).rejects.toMatchObject({
      code: 'OUT_OF_RANGE',
    });
    await expect(app.invoke(ticks, { count: 1 })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await app.audit.list()).map((record) => record.code)).toEqual([
      'OUT_OF_RANGE',
      'UNAUTHENTICATED',
    ]);
  });

  it('end with the error a handler raised mid-stream, audited with its code', async () => {
    const ticks = ticker({ failAt: 1 });
    const app = createOpwire({ operations: [ticks] });
    const seen: unknown[] = [];
    const events = await app.invoke(ticks, { count: 3 }, { caller: customer });
    await expect(
      (async () => {
        for await (const event of events) seen.push(event);
      })(),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(seen).toEqual([{ tick: 0 }]);
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'UNAVAILABLE'],
    ]);
  });

  it('fail the call itself when they fail before their first event (nothing was streamed yet)', async () => {
    const ticks = ticker({ failAt: 0 });
    const app = createOpwire({ operations: [ticks] });
    await expect(app.invoke(ticks, { count: 3 }, { caller: customer })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'UNAVAILABLE'],
    ]);
  });

  it('end with INTERNAL at an event that does not match the schema', async () => {
    const ticks = ticker({ badAt: 1 });
    const app = createOpwire({ operations: [ticks], logger: silent });
    const events = await app.invoke(ticks, { count: 3 }, { caller: customer });
    await expect(collect(events)).rejects.toMatchObject({ code: 'INTERNAL' });
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
  });

  it('end with INTERNAL at an event JSON cannot carry, where the schema admits any value', async () => {
    for (const nothing of [undefined, () => 1, Symbol('s')]) {
      const anything = defineOperation({
        id: 'anything.stream',
        public: true,
        request: Type.Object({}),
        response: Type.Any(),
        stream: true,
        async *handle() {
          yield { a: 1 };
          yield nothing;
        },
      });
      const app = createOpwire({ operations: [anything], logger: silent });
      const seen: unknown[] = [];
      const events = await app.invoke(anything, {});
      await expect(
        (async () => {
          for await (const event of events) seen.push(event);
        })(),
      ).rejects.toMatchObject({ code: 'INTERNAL' });
      expect(seen).toEqual([{ a: 1 }]);
      expect((await app.audit.list()).map((record) => record.code)).toEqual(['INTERNAL']);
    }
  });

  it('close the handler when an event does not match the schema: its signal aborts, its finally runs', async () => {
    const { operation, state } = watcher();
    const app = createOpwire({ operations: [operation], logger: silent });
    const seen: unknown[] = [];
    const events = await app.invoke(operation, { badAt: 3 });
    await expect(
      (async () => {
        for await (const event of events) seen.push(event);
      })(),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    await vi.waitFor(() => expect(state).toEqual({ aborted: true, closed: true }));
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'INTERNAL'],
    ]);
  });

  it('close the handler when its first event does not match the schema and the call fails', async () => {
    const { operation, state } = watcher();
    const app = createOpwire({ operations: [operation], logger: silent });
    await expect(app.invoke(operation, { badAt: 1 })).rejects.toMatchObject({ code: 'INTERNAL' });
    await vi.waitFor(() => expect(state).toEqual({ aborted: true, closed: true }));
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'INTERNAL'],
    ]);
  });

  it('close the handler when the deadline passes during a read and it yields anyway', async () => {
    const { operation, state } = watcher(abortOf);
    const app = createOpwire({ operations: [operation], logger: silent });
    const events = (await app.invoke(operation, { badAt: 0 }, { timeoutMs: 50 }))[Symbol.asyncIterator]();
    expect(await events.next()).toEqual({ done: false, value: { n: 1 } });
    // The handler waits for its deadline, then yields: the read was pending all that time.
    await expect(events.next()).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    await vi.waitFor(() => expect(state).toEqual({ aborted: true, closed: true }));
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'DEADLINE_EXCEEDED'],
    ]);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it('close the handler when the caller cancels during a read and it yields anyway', async () => {
    const gate = deferred();
    const { operation, state } = watcher(() => gate.promise);
    const app = createOpwire({ operations: [operation] });
    const controller = new AbortController();
    const events = (await app.invoke(operation, { badAt: 0 }, { signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    expect(await events.next()).toEqual({ done: false, value: { n: 1 } });
    const pending = events.next();
    controller.abort();
    gate.resolve();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    await vi.waitFor(() => expect(state).toEqual({ aborted: true, closed: true }));
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['stopped', 'CANCELLED'],
    ]);
    expect(await events.next()).toEqual({ done: true, value: undefined });
  });

  it('return the handler’s iterator once when the consumer leaves during a read that then fails', async () => {
    const gate = deferred();
    let returned = 0;
    const operation = defineOperation({
      id: 'ticks.manual',
      public: true,
      request: Type.Object({}),
      response: Type.Object({ n: Type.Integer() }),
      stream: true,
      handle() {
        let n = 0;
        return {
          [Symbol.asyncIterator]() {
            return this;
          },
          async next() {
            if (n > 0) await gate.promise;
            n++;
            return { done: false, value: { n } };
          },
          async return() {
            returned++;
            return { done: true, value: undefined };
          },
        } as AsyncIterableIterator<{ n: number }>;
      },
    });
    const app = createOpwire({ operations: [operation] });
    const events = (await app.invoke(operation, {}))[Symbol.asyncIterator]();
    expect(await events.next()).toEqual({ done: false, value: { n: 1 } });
    const pending = events.next();
    await events.return?.();
    gate.resolve();
    // The event that arrives after the consumer left fails its check (the call was stopped).
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(returned).toBe(1);
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['stopped', 'CANCELLED'],
    ]);
  });

  it('end with the stream’s own error when the handler’s cleanup fails as it is closed', async () => {
    const operation = defineOperation({
      id: 'ticks.brittle',
      public: true,
      request: Type.Object({}),
      response: Type.Object({ n: Type.Integer() }),
      stream: true,
      async *handle() {
        try {
          yield { n: 1 };
          yield { n: 'x' } as unknown as { n: number };
          yield { n: 3 };
        } finally {
          // biome-ignore lint/correctness/noUnsafeFinally: a cleanup that fails is what this test is about
          throw new Error('cursor already closed');
        }
      },
    });
    const app = createOpwire({ operations: [operation], logger: silent });
    await expect(collect(await app.invoke(operation, {}))).rejects.toMatchObject({ code: 'INTERNAL' });
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['error', 'INTERNAL'],
    ]);
  });

  it('stop when the consumer stops reading: the handler sees its signal abort, audited as stopped', async () => {
    const log: string[] = [];
    const ticks = ticker({ log });
    const app = createOpwire({ operations: [ticks] });
    const events = await app.invoke(ticks, { count: 50 }, { caller: customer });
    for await (const event of events) {
      expect(event).toEqual({ tick: 0 });
      break;
    }
    expect(log).toEqual(['closed, signal aborted: true']);
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['stopped', 'CANCELLED'],
    ]);
  });

  it('stay stopped when the consumer stops during a pending read and the handler returns on its signal', async () => {
    const polite = defineOperation({
      id: 'clock.polite',
      request: Type.Object({}),
      response: Type.Object({ tick: Type.Integer() }),
      stream: true,
      async *handle(_request, context) {
        for (let tick = 0; ; tick++) {
          yield { tick };
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (context.signal.aborted) return;
        }
      },
    });
    const app = createOpwire({ operations: [polite] });
    const events = (await app.invoke(polite, {}, { caller: customer }))[Symbol.asyncIterator]();
    await events.next();
    // An event stream reads ahead: the consumer leaves while the next event is still awaited.
    const pending = events.next();
    await events.return?.();
    await pending;
    expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
      ['stopped', 'CANCELLED'],
    ]);
  });

  it('stop when the caller cancels mid-stream, audited as stopped', async () => {
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks] });
    const controller = new AbortController();
    const events = await app.invoke(ticks, { count: 50 }, { caller: customer, signal: controller.signal });
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const event of events) {
          seen.push(event);
          if (seen.length === 2) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen).toHaveLength(2);
    expect((await app.audit.list()).map((record) => record.outcome)).toEqual(['stopped']);
  });

  it('stop when the caller cancels while nobody reads: the handler closes, audited as stopped', async () => {
    const log: string[] = [];
    const ticks = ticker({ log });
    const app = createOpwire({ operations: [ticks] });
    const controller = new AbortController();
    const events = await app.invoke(ticks, { count: 50 }, { caller: customer, signal: controller.signal });
    controller.abort();
    await vi.waitFor(async () =>
      expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
        ['stopped', 'CANCELLED'],
      ]),
    );
    expect(log).toEqual(['closed, signal aborted: true']);
    // A read after that says why the stream ended, once; then the stream is done.
    const iterator = events[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(await app.audit.list()).toHaveLength(1);
  });

  it('end with DEADLINE_EXCEEDED when the caller’s deadline passes while nobody reads', async () => {
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks], logger: silent });
    const events = await app.invoke(
      ticks,
      { count: 50 },
      { caller: customer, signal: AbortSignal.timeout(20) },
    );
    await vi.waitFor(async () =>
      expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
        ['error', 'DEADLINE_EXCEEDED'],
      ]),
    );
    await expect(collect(events)).rejects.toMatchObject({ code: 'DEADLINE_EXCEEDED' });
  });

  it('stop when the caller drops a stream it never read: audited as stopped once it is collected', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const log: string[] = [];
    const ticks = ticker({ log });
    const app = createOpwire({ operations: [ticks] });
    // The stream is made and dropped in a function of its own, so nothing here keeps it.
    await (async () => {
      await app.invoke(ticks, { count: 50 }, { caller: customer });
    })();
    expect(await app.audit.list()).toEqual([]);
    await vi.waitFor(
      async () => {
        collectGarbage();
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await app.audit.list()).map((record) => [record.outcome, record.code])).toEqual([
          ['stopped', 'CANCELLED'],
        ]);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(log).toEqual(['closed, signal aborted: true']);
  });

  it('are audited once however they end: read to the end, then dropped and collected', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks] });
    await (async () => {
      expect(await collect(await app.invoke(ticks, { count: 2 }, { caller: customer }))).toHaveLength(2);
    })();
    for (let round = 0; round < 5; round++) {
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await app.audit.list()).map((record) => record.outcome)).toEqual(['ok']);
  });

  it('run their middleware before the first event, and a refusal streams nothing', async () => {
    const closed = defineMiddleware({
      name: 'closed',
      errors: [coreErrors.UNAVAILABLE],
      async run() {
        throw coreErrors.UNAVAILABLE();
      },
    });
    const ticks = ticker();
    const app = createOpwire({ operations: [ticks], use: [closed] });
    await expect(app.invoke(ticks, { count: 1 }, { caller: customer })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect((await app.audit.list()).map((record) => record.code)).toEqual(['UNAVAILABLE']);
  });

  it('may be answered by a middleware with events of its own, and one answering a single value is INTERNAL saying so', async () => {
    const cached = defineMiddleware({
      name: 'cached',
      async run(context) {
        if (context.headers['x-mode'] === 'single') return respondWith({ tick: 7 });
        return respondWith(
          (async function* () {
            yield { tick: 7 };
          })(),
        );
      },
    });
    const ticks = ticker();
    const errors: unknown[] = [];
    const logger = {
      error: (_message: string, details?: { error?: unknown }) => errors.push(details?.error),
      warn() {},
    };
    const app = createOpwire({ operations: [ticks], use: [cached], logger });
    expect(await collect(await app.invoke(ticks, { count: 3 }, { caller: customer }))).toEqual([{ tick: 7 }]);
    const single = app.invoke(ticks, { count: 3 }, { caller: customer, headers: { 'x-mode': 'single' } });
    await expect(single).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(String(errors.at(-1))).toContain(
      'a middleware answered streaming operation "clock.ticks" with a value that is not an async iterable',
    );
  });

  it('cannot be exposed to models or MCP: a tool call answers once', () => {
    const ticks = defineOperation({ ...ticker(), expose: ['http', 'ai'] });
    expect(() => createOpwire({ operations: [ticks] })).toThrow(/can be exposed to http only/);
  });
});
