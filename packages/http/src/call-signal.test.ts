import { Agent, request as httpRequest } from 'node:http';
import { createOpwire, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { serveOverLoopback } from './testing/index.js';

// Over `node:http` the requests of one keep-alive connection share its abort signal, which aborts when the
// connection closes. A handler's `context.signal` is its own call's: before, every call saw the connection's, so
// a listener a handler added stayed on it after the call answered (5,000 requests: 5,000 listeners, and Node's
// MaxListenersExceededWarning), and all of them fired CANCELLED when the connection closed.
type Served = Awaited<ReturnType<typeof serveOverLoopback>>;
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** POSTs over one keep-alive socket, one request after the other: the statuses. */
async function postOverOneConnection(url: string, count: number, agent: Agent): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    statuses.push(
      await new Promise<number>((resolve, reject) => {
        const outgoing = httpRequest(
          `${url}/echo/post`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(JSON.stringify({ index }));
      }),
    );
  }
  return statuses;
}

describe("a handler's signal over a keep-alive connection", () => {
  it("is its call's own: nothing fires when the connection closes after the answers, and no warning is printed", async () => {
    const signals = new Set<AbortSignal>();
    const fired: number[] = [];
    const echo = defineOperation({
      id: 'echo.post',
      request: Type.Object({ index: Type.Integer() }),
      response: Type.Object({ index: Type.Integer() }),
      expose: ['http'],
      public: true,
      handle: async ({ index }, context) => {
        signals.add(context.signal);
        context.signal.addEventListener('abort', () => fired.push(index), { once: true });
        await Promise.resolve();
        return { index };
      },
    });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      served = await serveOverLoopback(createOpwire({ operations: [echo] }), { docs: false });
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const statuses = await postOverOneConnection(served.url, 40, agent);
      expect(new Set(statuses)).toEqual(new Set([200]));
      agent.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(signals.size).toBe(40);
      expect(fired).toEqual([]);
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
