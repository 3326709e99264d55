import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badArguments, structured, toolNames } from './mcp-client.js';
import { type RunningShop, startShop } from './shop-harness.js';

const databaseUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const title = databaseUrl
  ? 'opwire mcp: the shop over stdio (official SDK client, the built CLI, the same PostgreSQL schema)'
  : 'opwire mcp over stdio — skipped: set DATABASE_URL (the stdio process and the HTTP shop share a server)';

let running: RunningShop;
const opened: Client[] = [];

/** Starts `opwire mcp --app apps/shop/src/mcp-app.ts` as the official SDK's stdio client does. */
async function connectStdio(token: string): Promise<{ client: Client; errors: Error[]; stderr: string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${root}packages/cli/bin/opwire.js`, 'mcp', '--app', 'src/mcp-app.ts'],
    cwd: `${root}apps/shop`,
    env: {
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_SCHEMA: running.schema ?? '',
      OPWIRE_TOKEN: token,
      PATH: process.env.PATH ?? '',
    },
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  // Anything on stdout that is not a protocol message reaches the client as an error.
  const errors: Error[] = [];
  const client = new Client({ name: 'opwire-test', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  opened.push(client);
  return { client, errors, stderr };
}

describe.skipIf(!databaseUrl)(title, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    running = await startShop({ databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(opened.map((client) => client.close()));
    await running?.close();
  }, 60_000);

  it('serves the customer its tools and runs a call as alice, in the same database as the HTTP shop', async () => {
    const { client, errors, stderr } = await connectStdio('customer-token');
    expect(client.getServerVersion()?.name).toBe('opwire-shop');
    const names = await toolNames(client);
    expect(names).toEqual(['knowledge_search', 'orders_create', 'orders_get', 'orders_list']);
    const result = await client.callTool({ name: 'orders_create', arguments: { sku: 'KB-01', quantity: 1 } });
    const order = structured(result);
    expect(order).toMatchObject({ customer: 'alice', status: 'pending' });
    const read = await running.request(`/orders/${order.id}`, { token: 'customer-token' });
    expect(read.body).toEqual(order);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['shop']);
    expect(errors).toEqual([]);
    expect(stderr.join('')).toContain('over stdio as alice (tenant acme)');
  });

  it('answers bad arguments with the codes HTTP gives, and changes nothing', async () => {
    const { client } = await connectStdio('customer-token');
    for (const testCase of badArguments) {
      const before = await running.snapshot();
      const result = await client.callTool({ name: testCase.tool, arguments: testCase.arguments });
      expect(structured(result).error).toMatchObject({ code: testCase.code, field: testCase.field });
      await running.expectUnchanged(before, { code: testCase.code, audited: true });
    }
  });

  it('keeps a cancel pending until the user approves it over HTTP', async () => {
    const [pending] = (await running.request('/orders?status=pending', { token: 'support-token' })).body
      .orders;
    const { client } = await connectStdio('support-token');
    const result = await client.callTool({ name: 'orders_cancel', arguments: { id: pending.id } });
    expect(structured(result).error.code).toBe('APPROVAL_REQUIRED');
    expect((await running.request(`/orders/${pending.id}`, { token: 'support-token' })).body.status).toBe(
      'pending',
    );
    const approved = await running.request(
      `/ai/approvals/${structured(result).approval.approvalId}/approve`,
      {
        method: 'POST',
        token: 'support-token',
      },
    );
    expect(approved.status).toBe(200);
    expect((await running.request(`/orders/${pending.id}`, { token: 'support-token' })).body.status).toBe(
      'cancelled',
    );
  });

  it.each([
    ['an unknown token', 'stolen-token', "OPWIRE_TOKEN is not a token the app's authenticator accepts"],
    ['no token', '', 'set OPWIRE_TOKEN to the bearer token of the caller to serve as'],
  ])('refuses to start for %s: exit 1, the reason on stderr, nothing on stdout', (_name, token, reason) => {
    const result = spawnSync(
      process.execPath,
      [`${root}packages/cli/bin/opwire.js`, 'mcp', '--app', 'src/mcp-app.ts'],
      {
        cwd: `${root}apps/shop`,
        encoding: 'utf8',
        input: '',
        env: { ...process.env, DATABASE_SCHEMA: running.schema, OPWIRE_TOKEN: token },
      },
    );
    expect(result).toMatchObject({ status: 1, stdout: '', stderr: `opwire mcp: ${reason}\n` });
  });
});
