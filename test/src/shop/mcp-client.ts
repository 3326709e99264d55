import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type ClientCapabilities, ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

/** An SDK client over Streamable HTTP to the running shop's `/mcp`, holding `token`. */
export async function connectShop(
  url: string,
  token: string,
  options: {
    readonly capabilities?: ClientCapabilities;
    /** How the client answers an elicitation (approval) request, when it declares the capability. */
    readonly elicit?: 'accept' | 'decline' | 'cancel';
    readonly sessionId?: string;
    /** The endpoint's path on the server (`/api/mcp` under `HTTP_PREFIX=/api`); default `/mcp`. */
    readonly path?: string;
    /** The fetch the transport sends with (one that records answers, say); default the global one. */
    readonly fetch?: typeof fetch;
  } = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport; asked: string[] }> {
  const transport = new StreamableHTTPClientTransport(new URL(options.path ?? '/mcp', url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const client = new Client(
    { name: 'opwire-test', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  const asked: string[] = [];
  if (options.elicit) {
    const action = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action };
    });
  }
  await client.connect(transport);
  return { client, transport, asked };
}

/** The structured content of a tool result. */
export const structured = (result: unknown): any =>
  (result as { structuredContent?: unknown }).structuredContent;

/** The JSON-RPC error code a request failed with, or `resolved`. */
export async function rpcCodeOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof McpError ? error.code : String(error);
  }
}

/** The names of the tools `tools/list` offers, every page. */
export async function toolNames(client: Client): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    names.push(...page.tools.map((tool) => tool.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names.sort();
}

/**
 * The bad-argument matrix over MCP, each with the HTTP request that sends the same input and the code and
 * field both must answer.
 */
export const badArguments = [
  {
    name: 'missing',
    tool: 'orders_create',
    arguments: { quantity: 1 },
    http: ['POST', '/orders'],
    code: 'MISSING_FIELD',
    field: 'sku',
  },
  {
    name: 'wrong type',
    tool: 'orders_create',
    arguments: { sku: 'KB-01', quantity: '2' },
    http: ['POST', '/orders'],
    code: 'WRONG_TYPE',
    field: 'quantity',
  },
  {
    name: 'null',
    tool: 'orders_create',
    arguments: { sku: 'KB-01', quantity: null },
    http: ['POST', '/orders'],
    code: 'NULL_NOT_ALLOWED',
    field: 'quantity',
  },
  {
    name: 'out of range',
    tool: 'orders_create',
    arguments: { sku: 'KB-01', quantity: 0 },
    http: ['POST', '/orders'],
    code: 'OUT_OF_RANGE',
    field: 'quantity',
  },
  {
    name: 'bad enum',
    tool: 'orders_list',
    arguments: { status: 'lost' },
    http: ['GET', '/orders?status=lost'],
    code: 'INVALID_ENUM',
    field: 'status',
  },
  {
    name: 'unknown field',
    tool: 'orders_create',
    arguments: { sku: 'KB-01', quantity: 1, discountCents: 8900 },
    http: ['POST', '/orders'],
    code: 'UNKNOWN_FIELD',
    field: 'discountCents',
  },
  {
    name: 'business rule (unknown SKU)',
    tool: 'orders_create',
    arguments: { sku: 'NOPE-1', quantity: 1 },
    http: ['POST', '/orders'],
    code: 'UNKNOWN_SKU',
    field: 'sku',
  },
  {
    name: 'business rule (more than in stock)',
    tool: 'orders_create',
    arguments: { sku: 'KB-01', quantity: 51 },
    http: ['POST', '/orders'],
    code: 'OUT_OF_STOCK',
    field: 'quantity',
  },
] as const;
