import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.js';
import { createOpwire } from './create-opwire.js';
import type { Logger } from './logger.js';
import { defineOperation } from './operation.js';

const caller = { principalId: 'alice', tenant: 'acme', permissions: ['orders:read'], locale: 'en' as const };
const origin = { surface: 'http' as const, requestId: 'req-7' };

const lookup = defineOperation({
  id: 'orders.lookup',
  request: Type.Object({ fail: Type.Boolean() }),
  response: Type.Object({ ok: Type.Boolean() }),
  handle: (request, context) => {
    context.logger.info?.('looking up', { step: 1 });
    context.logger.warn('slow store', { ms: 900 });
    if (request.fail) throw new Error('store exploded');
    return { ok: true };
  },
});

describe('context.logger', () => {
  it("carries the operation, invocation and request ids, the caller's principal and tenant (pino child)", async () => {
    const written: Array<Record<string, unknown>> = [];
    const logger = createLogger({ destination: { write: (line: string) => written.push(JSON.parse(line)) } });
    const app = createOpwire({ operations: [lookup], logger });
    await app.invoke(lookup, { fail: false }, { caller, origin });
    await app.invoke(lookup, { fail: true }, { caller, origin }).catch(() => undefined);
    const ids = { operationId: 'orders.lookup', requestId: 'req-7', principal: 'alice', tenant: 'acme' };
    expect(written.map((line) => line.msg)).toEqual([
      'looking up',
      'slow store',
      'looking up',
      'slow store',
      'operation failed',
    ]);
    for (const line of written) expect(line).toMatchObject({ ...ids, surface: 'http' });
    expect(written[0]?.invocationId).not.toBe(written[2]?.invocationId);
    expect(written[4]).toMatchObject({ level: 'error', error: { message: 'store exploded' } });
  });

  it("adds an MCP call's session and JSON-RPC ids beside the HTTP request's id", async () => {
    const written: Array<Record<string, unknown>> = [];
    const logger = createLogger({ destination: { write: (line: string) => written.push(JSON.parse(line)) } });
    const app = createOpwire({ operations: [lookup], logger });
    const mcp = { surface: 'mcp' as const, requestId: 'req-8', sessionId: 'session-1', rpcId: '3' };
    await app.invoke(lookup, { fail: false }, { caller, origin: mcp });
    expect(written.map((line) => [line.requestId, line.sessionId, line.rpcId, line.surface])).toEqual([
      ['req-8', 'session-1', '3', 'mcp'],
      ['req-8', 'session-1', '3', 'mcp'],
    ]);
  });

  it('adds the same fields to the details of a logger without child or info', async () => {
    const warnings: Array<Readonly<Record<string, unknown>>> = [];
    const plain: Logger = { error() {}, warn: (_message, details) => warnings.push(details) };
    const app = createOpwire({ operations: [lookup], logger: plain });
    await app.invoke(lookup, { fail: false }, { caller, origin });
    expect(warnings).toEqual([
      expect.objectContaining({
        ms: 900,
        operationId: 'orders.lookup',
        requestId: 'req-7',
        principal: 'alice',
      }),
    ]);
  });
});
