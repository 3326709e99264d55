/**
 * The public API of `@opwire/mcp`: an app's operations served to MCP clients, over Streamable HTTP routes a
 * host mounts on `createHttpServer` and over stdio, each request as its caller.
 */
/** The surface behind both transports: tools, prompts and a server per connection. */

/** Streamable HTTP: the routes, the Origin allow-list, sessions and the protected-resource metadata. */
export { createMcpRoutes, type McpHttp, type McpHttpOptions } from './create-mcp-routes.js';
export { createMcpSurface, type McpOptions, type McpSurface } from './create-mcp-surface.js';
/** How a connection tells the server who each request runs as. */
export { localeOf, type McpConnection, type McpRequestContext } from './mcp-connection.js';
/** The one table from an error's kind to a JSON-RPC code and an HTTP status. */
export { mcpErrorTable } from './mcp-error-table.js';
/** The codes this package raises. */
export { type McpErrorCode, mcpErrors } from './mcp-errors.js';
/** The routes' shape (matching `CustomRoute` of `@opwire/http`). */
export type { McpRoute, McpRouteInput } from './mcp-route.js';
/** Operations as MCP tools, named as the AI tool catalog names them. */
export { createMcpTools, type McpTool, mayCallTool } from './mcp-tools.js';
/** The structured content of a failed call, part of every tool's `outputSchema`. */
export { toolErrorSchema } from './output-schema.js';
/** Where the endpoint is reachable, for the protected-resource metadata. */
export type { ResourceLocation } from './protected-resource.js';
/** stdio: one caller for the whole process. */
export { type McpStdio, type McpStdioOptions, serveMcpStdio } from './serve-mcp-stdio.js';
/** Limits of the HTTP sessions. */
export type { SessionLimits } from './session-table.js';
