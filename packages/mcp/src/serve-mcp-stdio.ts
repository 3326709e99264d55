import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '@opwire/core';
import { findPoisonedKey, shortPointer } from '@opwire/core/surface';
import { createMcpSurface, type McpOptions } from './create-mcp-surface.js';
import { localeOf } from './mcp-connection.js';
import { toProtocolError } from './mcp-error-table.js';
import { mcpErrors } from './mcp-errors.js';
import { negotiatedVersion } from './open-session.js';
import { screenStdioLine } from './screen-stdio-line.js';
import { admitLines } from './stdio-lines.js';

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
 * `caller`. Only protocol messages are written to `output`: log to stderr. At the end of input the calls
 * already received finish and answer before the server closes.
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
  let protocolVersion: string | undefined;
  // The transport reads only the lines it can take; the others are answered here (`screenStdioLine`).
  const admitted = admitLines(input, (line) => {
    const verdict = screenStdioLine(line, { locale: localeOf(context), protocolVersion });
    if (!verdict.admit && verdict.answer) answer(verdict.answer);
    return verdict.admit;
  });
  server.onclose = () => {
    admitted.detach();
    settle();
  };
  const close = async () => {
    await server.close();
    settle();
  };
  const transport = new StdioServerTransport(admitted.lines, options.output ?? process.stdout);
  const answer = (message: JSONRPCMessage) => {
    void transport.send(message).catch((sent: unknown) => transport.onerror?.(sent as Error));
  };
  await server.connect(transport);
  // The client closed its end: the requests it sent before still run and answer, then the server closes.
  const unanswered = new Set<string | number>();
  let ended = false;
  const closeWhenAnswered = () => {
    if (ended && unanswered.size === 0) void close();
  };
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    // A key that could change a prototype when the message is copied is refused as HTTP refuses it in a body
    // (the SDK's parse keeps it, and the call would run without it): a request answers the error, nothing runs.
    const poisoned = findPoisonedKey(message);
    if (poisoned !== undefined) {
      if ('method' in message && 'id' in message) {
        const error = toProtocolError(
          mcpErrors.PROTOTYPE_POISONING({ field: shortPointer(poisoned) }),
          localeOf(context),
        );
        answer({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: error.code, message: error.message, data: error.data },
        });
      }
      return;
    }
    if ('method' in message && 'id' in message) unanswered.add(message.id);
    if ('method' in message && message.method === 'initialize') protocolVersion = negotiatedVersion(message);
    if ('method' in message && message.method === 'notifications/cancelled') {
      unanswered.delete((message.params as { requestId: string | number }).requestId);
    }
    receive?.(message);
    closeWhenAnswered();
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (('result' in message || 'error' in message) && message.id !== undefined)
      unanswered.delete(message.id);
    closeWhenAnswered();
  };
  // Every line read is passed on or answered by now: the input ended.
  admitted.lines.once('end', () => {
    ended = true;
    closeWhenAnswered();
  });
  return { server, closed, close };
}
