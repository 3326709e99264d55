import { createRequire } from 'node:module';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type Approvals, aiErrors, createApprovals } from '@opwire/ai';
import { coreErrors, type Opwire } from '@opwire/core';
import { callTool } from './call-tool.js';
import { anyParams, parseRequest, setRequestHandler } from './lenient-request.js';
import type { McpConnection } from './mcp-connection.js';
import { localeOf } from './mcp-connection.js';
import { toProtocolError } from './mcp-error-table.js';
import { mcpErrors } from './mcp-errors.js';
import { createMcpPrompts } from './mcp-prompts.js';
import { createMcpTools, type McpTool, mayCallTool } from './mcp-tools.js';
import { pageOf } from './page-of.js';

/** What an app serves to MCP clients, whatever the transport. */
export interface McpOptions {
  readonly app: Opwire;
  /** Tool-name overrides by operation id (win over `operation.ai.name`), as for the AI tool catalog. */
  readonly names?: Readonly<Record<string, string>>;
  /** Where calls that need approval wait: pass the chat's, so a user approves them in one place. Default: in memory. */
  readonly approvals?: Approvals;
  /** Prompt templates by name (the chat's), served as MCP prompts rendered for the caller. */
  readonly prompts?: Readonly<Record<string, string>>;
  /** Tools or prompts per `tools/list` / `prompts/list` page (default 100). */
  readonly pageSize?: number;
  /** How long the user has to answer an approval asked through elicitation (default 5 minutes). */
  readonly elicitationTimeoutMs?: number;
  /** The server's name in `initialize` (default `opwire`). */
  readonly name?: string;
  /** Instructions for the client's model, sent in `initialize`. */
  readonly instructions?: string;
}

/** The MCP surface of an app: its tools, checked at startup, and a server for each connection. */
export interface McpSurface {
  readonly app: Opwire;
  readonly tools: readonly McpTool[];
  readonly approvals: Approvals;
  /** A new SDK server for one connection (an HTTP session, or stdio), answering as the connection's callers. */
  createServer(connection: McpConnection): Server;
}

/**
 * This package's version, told to clients as `serverInfo.version`. Read from the manifest beside `dist/`, and
 * trusted only when it is this package's: in an app bundled into one file, `../package.json` is the app's own,
 * or absent (then requiring it would fail the app's start).
 */
export function packageVersion(manifestUrl: string | URL = import.meta.url): string {
  try {
    const manifest = createRequire(manifestUrl)('../package.json') as { name?: unknown; version?: unknown };
    if (manifest.name === '@opwire/mcp' && typeof manifest.version === 'string') return manifest.version;
  } catch {
    // Not beside this package's files (bundled): the version is unknown, the server still starts.
  }
  return 'unknown';
}

const version = packageVersion();

/** Builds the surface; bad names, prompts or options fail here with `INVALID_CONFIGURATION`. */
export function createMcpSurface(options: McpOptions): McpSurface {
  const pageSize = options.pageSize ?? 100;
  const elicitationTimeoutMs = options.elicitationTimeoutMs ?? 5 * 60_000;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || !(elicitationTimeoutMs > 0)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: 'mcp: pageSize must be a whole number >= 1 and elicitationTimeoutMs a positive number',
      },
    });
  }
  const { app } = options;
  const tools = createMcpTools(app, options.names);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const prompts = options.prompts ? createMcpPrompts(options.prompts) : undefined;
  const approvals = options.approvals ?? createApprovals({ app });

  const createServer = (connection: McpConnection): Server => {
    const server = new Server(
      { name: options.name ?? 'opwire', version },
      {
        capabilities: { tools: {}, ...(prompts ? { prompts: {} } : {}) },
        ...(options.instructions ? { instructions: options.instructions } : {}),
      },
    );
    // The SDK answers a method it has no handler for with a bare "Method not found": name it, in the reader's language.
    server.fallbackRequestHandler = async (request, extra) => {
      throw toProtocolError(
        mcpErrors.METHOD_NOT_FOUND({ params: { method: request.method.slice(0, 100) } }),
        localeOf(connection.contextOf(extra)),
      );
    };
    server.setRequestHandler(anyParams('tools/list'), (raw, extra) => {
      const context = connection.contextOf(extra);
      const locale = localeOf(context);
      const request = parseRequest(ListToolsRequestSchema, raw, locale);
      const offered = tools.filter((tool) => mayCallTool(tool, context.caller));
      try {
        const page = pageOf(offered, request.params?.cursor, pageSize);
        return {
          tools: page.items.map((tool) => tool.define(locale)),
          ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
        };
      } catch (error) {
        throw toProtocolError(error, locale);
      }
    });
    setRequestHandler(server, 'tools/call', async (raw, extra) => {
      const context = connection.contextOf(extra);
      const request = parseRequest(CallToolRequestSchema, raw, localeOf(context));
      const tool = byName.get(request.params.name);
      if (!tool) {
        throw toProtocolError(
          aiErrors.TOOL_NOT_FOUND({ params: { toolName: request.params.name } }),
          localeOf(context),
        );
      }
      const end = connection.begin?.(extra.requestId);
      try {
        return await callTool({
          app,
          tool,
          input: request.params.arguments ?? {},
          context,
          extra,
          approvals,
          capabilities: server.getClientCapabilities(),
          elicitationTimeoutMs,
        });
      } finally {
        end?.(extra.signal.aborted);
      }
    });
    if (prompts) {
      server.setRequestHandler(anyParams('prompts/list'), (raw, extra) => {
        const locale = localeOf(connection.contextOf(extra));
        const request = parseRequest(ListPromptsRequestSchema, raw, locale);
        try {
          const page = pageOf(prompts.list(locale), request.params?.cursor, pageSize);
          return { prompts: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
        } catch (error) {
          throw toProtocolError(error, locale);
        }
      });
      server.setRequestHandler(anyParams('prompts/get'), (raw, extra) => {
        const context = connection.contextOf(extra);
        const request = parseRequest(GetPromptRequestSchema, raw, localeOf(context));
        const offered = tools.filter((tool) => mayCallTool(tool, context.caller)).map((tool) => tool.name);
        try {
          return prompts.get(request.params.name, context, offered);
        } catch (error) {
          throw toProtocolError(error, localeOf(context));
        }
      });
    }
    return server;
  };
  return { app, tools, approvals, createServer };
}
