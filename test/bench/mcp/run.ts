/**
 * MCP benchmark: the latency of one tool call against the same operation called in process and over plain
 * HTTP, side by side in one run. One app (memory adapters, the orders fixture of `@opwire/ai/testing`, seeded):
 * `orders.list` answered with the seeded orders checked against its schema. Paths, each a caller's sequential
 * calls, measured in rounds in alternating order:
 * - `invoke` (baseline): `app.invoke` in process;
 * - HTTP: `fetch` (undici, keep-alive) to `POST /orders/list` of `createHttpServer` on loopback;
 * - MCP over Streamable HTTP: the official SDK client's `callTool` on one session to `/mcp` of the same server;
 * - MCP over Streamable HTTP without sessions (`sessions: false`, a second server of the app): each call a POST of its own;
 * - MCP in memory: the same client and server over the SDK's in-memory transport (the protocol without HTTP).
 * Client and server share the process (and the machine's cores). Run: `npx tsx --conditions=@opwire/source
 * test/bench/mcp/run.ts` (CALLS per round, default 2000; ROUNDS, default 5).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createOrdersFixture, fixtureCallers } from '@opwire/ai/testing';
import { createHttpServer, staticTokens } from '@opwire/http';
import { createMcpRoutes, createMcpSurface } from '@opwire/mcp';
import { MicrosecondHistogram } from '../http/microsecond-histogram.js';

const calls = Number(process.env.CALLS ?? 2000);
const rounds = Number(process.env.ROUNDS ?? 5);
const caller = fixtureCallers.customer;
const authenticate = staticTokens({ 'bench-token': caller });

const fixture = createOrdersFixture();
fixture.seed();
const { app } = fixture;
const mcp = createMcpRoutes({ app, authenticate, sessions: { idleMs: 3_600_000 } });
const server = createHttpServer(app, { authenticate, docs: false, routes: mcp.routes });
const { url } = await server.listen({ port: 0, host: '127.0.0.1' });
// A second server of the same app: one document cannot list two MCP endpoints (their operation ids are the same).
const stateless = createMcpRoutes({ app, authenticate, sessions: false });
const statelessServer = createHttpServer(app, { authenticate, docs: false, routes: stateless.routes });
const { url: statelessUrl } = await statelessServer.listen({ port: 0, host: '127.0.0.1' });

const httpClient = new Client({ name: 'bench', version: '1.0.0' });
await httpClient.connect(
  new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: { authorization: 'Bearer bench-token' } },
  }),
);
const statelessClient = new Client({ name: 'bench', version: '1.0.0' });
await statelessClient.connect(
  new StreamableHTTPClientTransport(new URL('/mcp', statelessUrl), {
    requestInit: { headers: { authorization: 'Bearer bench-token' } },
  }),
);
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createMcpSurface({ app })
  .createServer({ contextOf: () => ({ caller }) })
  .connect(serverSide);
const memoryClient = new Client({ name: 'bench', version: '1.0.0' });
await memoryClient.connect(clientSide);
await Promise.all([httpClient.listTools(), statelessClient.listTools(), memoryClient.listTools()]);

const expectOrders = (value: unknown) => {
  const orders = (value as { orders?: unknown[] } | undefined)?.orders;
  if (!Array.isArray(orders) || orders.length === 0) throw new Error('the call did not answer the orders');
};
const callMcp = (client: Client) => async () => {
  const result = await client.callTool({ name: 'orders_list', arguments: {} });
  if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
  expectOrders(result.structuredContent);
};

const paths: ReadonlyArray<{ readonly name: string; readonly call: () => Promise<void> }> = [
  {
    name: 'invoke (in process)',
    call: async () =>
      expectOrders(await app.invoke('orders.list', {}, { caller, origin: { surface: 'internal' } })),
  },
  {
    name: 'HTTP POST /orders/list',
    call: async () => {
      const response = await fetch(`${url}/orders/list`, {
        method: 'POST',
        headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      expectOrders(await response.json());
    },
  },
  { name: 'MCP tools/call (Streamable HTTP)', call: callMcp(httpClient) },
  { name: 'MCP tools/call (no sessions)', call: callMcp(statelessClient) },
  { name: 'MCP tools/call (in memory)', call: callMcp(memoryClient) },
];

// Warm-up: every path, so JIT and connections are ready before the first measured round.
for (const path of paths) for (let index = 0; index < 300; index++) await path.call();

const results = new Map(
  paths.map((path) => [path.name, [] as Array<{ perSecond: number; p50: number; p99: number }>]),
);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? paths : [...paths].reverse();
  for (const path of order) {
    const histogram = new MicrosecondHistogram();
    const started = performance.now();
    for (let index = 0; index < calls; index++) {
      const at = performance.now();
      await path.call();
      histogram.record(performance.now() - at);
    }
    const seconds = (performance.now() - started) / 1000;
    results.get(path.name)?.push({
      perSecond: calls / seconds,
      p50: histogram.percentile(0.5),
      p99: histogram.percentile(0.99),
    });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const summary = paths.map((path) => {
  const runs = results.get(path.name) ?? [];
  return {
    name: path.name,
    perSecond: median(runs.map((run) => run.perSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
  };
});
const http = summary[1] as (typeof summary)[number];
console.log(`MCP call latency: ${calls} sequential calls × ${rounds} rounds per path, medians of the rounds`);
console.log('path                                calls/s    p50 µs    p99 µs   p50 ratio to HTTP');
for (const row of summary) {
  console.log(
    `${row.name.padEnd(34)} ${Math.round(row.perSecond).toLocaleString('en-US').padStart(8)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(9)} ${(row.p50 / http.p50).toFixed(2).padStart(19)}`,
  );
}

await Promise.all([httpClient.close(), statelessClient.close(), memoryClient.close()]);
await Promise.all([mcp.close(), stateless.close()]);
await Promise.all([server.close(), statelessServer.close()]);
