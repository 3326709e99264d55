import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structured } from './mcp-client.js';
import { startShopMain, startShopProcesses } from './shop-harness.js';

// Two shop processes on one PostgreSQL database with MCP_STATELESS=1, as behind a load balancer without sticky
// sessions: the official SDK client's requests go to each process in turn.

const databaseUrl = process.env.DATABASE_URL;

describe("the shop's MCP_STATELESS", () => {
  it('refuses a value that is not 1, true, 0 or false', async () => {
    await expect(startShopMain({ DATABASE_URL: '', MCP_STATELESS: 'yes' })).rejects.toThrow(
      'MCP_STATELESS must be 1 or true (no MCP sessions), or 0 or false (sessions), not "yes".',
    );
  });
});

describe.skipIf(!databaseUrl)(
  'MCP without sessions on two shop processes sharing one PostgreSQL database',
  () => {
    let urls: readonly string[] = [];
    let close = async () => {};
    beforeAll(async () => {
      ({ urls, close } = await startShopProcesses(2, databaseUrl ?? '', { MCP_STATELESS: '1' }));
    }, 120_000);
    afterAll(() => close());

    /** An SDK client whose requests go to the two processes in turn; `answeredBy` lists which took each. */
    async function connectBalanced(token: string) {
      const answeredBy: number[] = [];
      let next = 0;
      const transport = new StreamableHTTPClientTransport(new URL('http://balancer.test/mcp'), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
        fetch: (url, init) => {
          const index = next++ % urls.length;
          answeredBy.push(index);
          const target = new URL(String(url));
          return fetch(new URL(target.pathname + target.search, urls[index]), init);
        },
      });
      const client = new Client(
        { name: 'opwire-test', version: '1.0.0' },
        { capabilities: { elicitation: {} } },
      );
      await client.connect(transport);
      return { client, transport, answeredBy };
    }

    it('serves every message from either process: tools, calls, and an approval settled through the other', async () => {
      const { client, transport, answeredBy } = await connectBalanced('customer-token');
      expect(transport.sessionId).toBeUndefined();
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('orders_create');
      const created = structured(
        await client.callTool({ name: 'orders_create', arguments: { sku: 'MS-02', quantity: 2 } }),
      );
      expect(created).toMatchObject({ customer: 'alice', sku: 'MS-02', quantity: 2, status: 'pending' });
      const read = structured(await client.callTool({ name: 'orders_get', arguments: { id: created.id } }));
      expect(read).toEqual(created);
      // Support's cancel waits for approval (no session: the client is not asked, even though it could be); the
      // user approves it through either process, and it runs once.
      const support = await connectBalanced('support-token');
      const asked = await support.client.callTool({ name: 'orders_cancel', arguments: { id: created.id } });
      expect(structured(asked).error.code).toBe('APPROVAL_REQUIRED');
      const { approvalId } = structured(asked).approval;
      for (const url of urls) {
        const pending = await fetch(`${url}/orders/${created.id}`, {
          headers: { authorization: 'Bearer customer-token' },
        });
        expect(((await pending.json()) as { status: string }).status).toBe('pending');
      }
      const approved = await fetch(`${urls[1]}/ai/approvals/${approvalId}/approve`, {
        method: 'POST',
        headers: { authorization: 'Bearer support-token' },
      });
      expect(approved.status).toBe(200);
      const after = structured(await client.callTool({ name: 'orders_get', arguments: { id: created.id } }));
      expect(after.status).toBe('cancelled');
      await support.client.close();
      expect(new Set(answeredBy)).toEqual(new Set([0, 1]));
      await client.close();
      // Neither process opens a session's event stream: GET is 405 with Allow: POST.
      for (const url of urls) {
        const listen = await fetch(`${url}/mcp`, {
          headers: { authorization: 'Bearer customer-token', accept: 'text/event-stream' },
        });
        expect([listen.status, listen.headers.get('allow')]).toEqual([405, 'POST']);
      }
    });
  },
);
