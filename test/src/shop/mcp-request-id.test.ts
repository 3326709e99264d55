import { createLogger, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectShop } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

/** A tool that fails with an unknown error, so the pipeline logs it through the call's `context.logger`. */
const boom = defineOperation({
  id: 'probe.boom',
  request: Type.Object({}),
  response: Type.Object({}),
  expose: ['mcp'],
  permission: 'orders:read',
  handle: () => {
    throw new Error('kaboom');
  },
});

const lines: Array<Record<string, unknown>> = [];
let running: RunningShop;
beforeAll(async () => {
  const logger = createLogger({
    destination: {
      write: (text: string) => {
        for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      },
    },
  });
  running = await startShop({ operations: [boom], http: { logger, accessLog: true } });
}, 120_000);
afterAll(() => running?.close(), 60_000);

it("logs an MCP call's failure under the X-Request-Id of the POST /mcp that carried it, as its access line does", async () => {
  /** The `X-Request-Id` of each POST that carried a `tools/call`, with the call's JSON-RPC id. */
  const calls: Array<{ rpcId: string; requestId: string | null }> = [];
  const { client, transport } = await connectShop(running.url, 'customer-token', {
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (body?.method === 'tools/call') {
        calls.push({ rpcId: String(body.id), requestId: response.headers.get('x-request-id') });
      }
      return response;
    },
  });
  const result = await client.callTool({ name: 'probe_boom', arguments: {} });
  expect(result.isError).toBe(true);
  await client.close();
  const [call] = calls;
  expect(calls).toHaveLength(1);
  expect(call?.requestId).toMatch(/\S/);
  const failed = lines.filter((line) => line.operationId === 'probe.boom' && line.level === 'error');
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({
    surface: 'mcp',
    requestId: call?.requestId,
    rpcId: call?.rpcId,
    sessionId: transport.sessionId,
    principal: 'alice',
  });
  // The access line of that POST carries the same id.
  const access = lines.filter((line) => line.msg === 'request' && line.requestId === call?.requestId);
  expect(access).toMatchObject([{ method: 'POST', route: '/mcp', status: 200 }]);
});
