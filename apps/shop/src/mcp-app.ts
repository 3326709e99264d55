/**
 * What `opwire mcp --app ./src/mcp-app.ts` serves over stdio: the shop on its database (DATABASE_URL and
 * DATABASE_SCHEMA as for `pnpm start`, else the embedded PGlite folder, which one process opens at a time),
 * its demo tokens, the approvals and prompts the HTTP endpoint has. Nothing here writes to stdout.
 */
import { staticTokens } from '@opwire/http';
import { demoCallers } from './demo-callers.js';
import { createShop } from './server.js';
import { shopApprovals, shopPrompts } from './shop-mcp.js';

const shop = await createShop({
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_SCHEMA || undefined,
  mcp: false,
});

/** The shop's app. */
export const app = shop.app;
/** Resolves `OPWIRE_TOKEN` to its caller: the demo tokens. */
export const authenticate = staticTokens(demoCallers);
/** Calls that need approval wait in the shop's database, where the chat's wait too. */
export const approvals = shopApprovals(shop.app, shop.governance);
/** The chat's system prompt, as the `shop` prompt. */
export const prompts = shopPrompts;
/** The server's name in `initialize`, as over HTTP. */
export const name = 'opwire-shop';
/** Closes the database once the client is gone. */
export const close = () => shop.close();
