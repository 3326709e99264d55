import { getEventListeners } from 'node:events';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { customer } from '../test/orders-fixture.js';
import { createOpwire } from './create-opwire.js';
import { defineOperation } from './operation.js';

// A surface may run many calls under one signal: over HTTP, a keep-alive connection's, which aborts when the
// connection closes. Each call's `context.signal` is its own: it aborts while its call runs, never after it ended,
// and what a handler adds to it does not pile up on the shared signal.
function waitOperation(gate: { release?: () => void }, seen: AbortSignal[], fired: string[]) {
  return defineOperation({
    id: 'jobs.wait',
    request: Type.Object({ name: Type.String(), hold: Type.Boolean() }),
    response: Type.Object({ name: Type.String() }),
    permission: 'orders:read',
    async handle({ name, hold }, context) {
      seen.push(context.signal);
      context.signal.addEventListener('abort', () => fired.push(name), { once: true });
      if (hold) await new Promise<void>((resolve) => (gate.release = resolve));
      return { name };
    },
  });
}

describe("the call's signal", () => {
  it('is its own: a call that ended is not aborted when the shared signal aborts later, and leaves no listener on it', async () => {
    const gate: { release?: () => void } = {};
    const seen: AbortSignal[] = [];
    const fired: string[] = [];
    const wait = waitOperation(gate, seen, fired);
    const app = createOpwire({ operations: [wait] });
    const connection = new AbortController();
    const options = { caller: customer, signal: connection.signal, origin: { surface: 'http' as const } };
    for (let index = 0; index < 50; index++)
      await app.invoke(wait, { name: `done-${index}`, hold: false }, options);
    expect(new Set(seen).size).toBe(50);
    expect(getEventListeners(connection.signal, 'abort')).toHaveLength(0);

    const running = app.invoke(wait, { name: 'running', hold: true }, options);
    await new Promise((resolve) => setImmediate(resolve));
    connection.abort();
    gate.release?.();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(fired).toEqual(['running']);
    expect(seen.slice(0, 50).every((signal) => !signal.aborted)).toBe(true);
    expect(seen[50]?.aborted).toBe(true);
  });

  it('of a nested call follows the outer call while both run', async () => {
    const seen: AbortSignal[] = [];
    const fired: string[] = [];
    const gate: { release?: () => void } = {};
    const inner = waitOperation(gate, seen, fired);
    const outer = defineOperation({
      id: 'jobs.outer',
      request: Type.Object({}),
      response: Type.Object({ name: Type.String() }),
      permission: 'orders:read',
      transaction: false,
      handle: (_input, context) => context.invoke(inner, { name: 'nested', hold: true }),
    });
    const app = createOpwire({ operations: [inner, outer] });
    const connection = new AbortController();
    const running = app.invoke(outer, {}, { caller: customer, signal: connection.signal });
    await new Promise((resolve) => setImmediate(resolve));
    connection.abort();
    gate.release?.();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(fired).toEqual(['nested']);
    expect(getEventListeners(connection.signal, 'abort')).toHaveLength(0);
  });
});
