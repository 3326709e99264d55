import { type Approvals, createApprovals, type Governance } from '@opwire/ai';
import type { Caller, Opwire } from '@opwire/core';
import { staticTokens } from '@opwire/http';
import { createMcpRoutes, type McpHttp } from '@opwire/mcp';
import { shopPrompt } from './assistant/create-assistant.js';

/** How the shop serves MCP at `/mcp` (Streamable HTTP). */
export interface ShopMcpOptions {
  /** The origin clients reach the shop at, such as `https://shop.example.com` (default: the request's Host). */
  readonly publicUrl?: string;
  /**
   * `false`: keep no MCP sessions (`MCP_STATELESS=1`), so every message is a POST of its own that any shop process
   * on the database may answer (several processes behind one address without sticky sessions). No server-to-client
   * stream and no elicitation: a call that needs approval waits in the approvals store. Default: sessions.
   */
  readonly sessions?: false;
}

/** The shop's prompt templates served to MCP clients: the chat's own system prompt as `shop`. */
export const shopPrompts = { shop: shopPrompt } as const;

/**
 * The approvals MCP calls wait in: the governance store in the shop's database, the same the chat's approvals
 * use, so a user approves a call from an MCP client at `POST /ai/approvals/{approvalId}/approve` like a chat's.
 */
export function shopApprovals(app: Opwire, governance: Governance): Approvals {
  return createApprovals({ app, store: governance.approvals, events: governance });
}

/** The shop's MCP endpoint: its operations exposed to `mcp`, as the caller of the request's bearer token. */
export function createShopMcp(
  app: Opwire,
  shop: {
    readonly callers: Readonly<Record<string, Caller>>;
    readonly governance: Governance;
    /** Browser origins allowed to call: the shop's one allow-list (`CORS_ORIGINS`); requests without `Origin` pass. */
    readonly allowedOrigins: readonly string[];
    /** The HTTP server's route prefix (`HTTP_PREFIX`), for the resource URL and its well-known document. */
    readonly basePath?: string;
    readonly options?: ShopMcpOptions | undefined;
  },
): McpHttp {
  return createMcpRoutes({
    app,
    authenticate: staticTokens(shop.callers),
    approvals: shopApprovals(app, shop.governance),
    prompts: shopPrompts,
    name: 'opwire-shop',
    allowedOrigins: shop.allowedOrigins,
    ...(shop.basePath ? { basePath: shop.basePath } : {}),
    ...(shop.options?.publicUrl ? { publicUrl: shop.options.publicUrl } : {}),
    ...(shop.options?.sessions === false ? { sessions: false } : {}),
  });
}
