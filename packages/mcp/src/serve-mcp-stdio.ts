import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Caller } from '@opwire/core';
import { createMcpSurface, type McpOptions } from './create-mcp-surface.js';

/** How to serve an app over stdio: one caller for the whole process. */
export interface McpStdioOptions extends McpOptions {
  /** The caller every request runs as (the CLI resolves it from `OPWIRE_TOKEN` with the app's authenticator). */
  readonly caller: Caller;
  /** Where requests come from; default `process.stdin`. */
  readonly input?: Readable;
  /** Where protocol messages go, and nothing else; default `process.stdout`. */
  readonly output?: Writable;
}

/** A running stdio server. */
export interface McpStdio {
  readonly server: Server;
  /** Resolves once the client closed its end (end of input) or `close` was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves an app's MCP tools and prompts over stdio with the official SDK's transport, every request as
 * `caller`. Only protocol messages are written to `output`: log to stderr.
 */
export async function serveMcpStdio(options: McpStdioOptions): Promise<McpStdio> {
  const surface = createMcpSurface(options);
  const input = options.input ?? process.stdin;
  const context = { caller: options.caller };
  const server = surface.createServer({ contextOf: () => context });
  let settle: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    settle = resolve;
  });
  server.onclose = () => settle();
  const close = async () => {
    await server.close();
    settle();
  };
  input.once('end', () => void close());
  await server.connect(new StdioServerTransport(input, options.output ?? process.stdout));
  return { server, closed, close };
}
