/**
 * Starts the shop's HTTP server: `pnpm start` (root) or `pnpm --filter @opwire/example-shop start`.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), DATABASE_URL (default: PGlite in DATA_DIR, itself
 * apps/shop/.data by default),
 * DATABASE_SCHEMA (a schema of its own on that server), RATE_LIMIT_PER_MINUTE (order writes per caller, default 60, 0 = off),
 * CORS_ORIGINS (comma-separated browser origins allowed to call, none by default; also MCP's Origin allow-list), HTTP_PREFIX (a base path such
 * as /api), ACCESS_LOG (1 writes one line per request), LOG_LEVEL (debug, info, warn, error, silent; default info),
 * MCP_STATELESS (1 keeps no MCP sessions, so any shop process on the database answers any MCP message; off by default),
 * CHAT_RESUME_SECONDS (a chat turn whose page went away runs on this long for a reloaded page to resume it, from any
 * shop process on the database; off by default),
 * OTEL_EXPORTER_OTLP_ENDPOINT (exports traces and metrics over OTLP/HTTP; the other OTEL_* variables apply).
 * A bad value, a database that cannot be opened or an address that cannot be listened on exits with code 1 and one
 * line naming the variable.
 */
import { createShop, type Shop, shopShutdownGraceMs, shopShutdownTimeoutMs } from './server.js';
import { readShopEnvironment, type ShopEnvironment } from './shop-environment.js';
import { ShopStartupError } from './shop-startup-error.js';
import { shutDownOnSignals } from './shut-down-on-signals.js';
import { type ShopTelemetry, startTelemetry } from './telemetry.js';

// How long closing the database may take once in-flight requests had their time and cancelled calls their grace.
const closeGraceMs = 5_000;

let environment: ShopEnvironment;
let telemetry: ShopTelemetry | undefined;
try {
  environment = readShopEnvironment(process.env);
  // Started before the shop, so its startup (migrations, seeding) is traced too.
  telemetry = startTelemetry();
} catch (error) {
  // Both name the variable in their message.
  console.error((error as Error).message);
  process.exit(1);
}

let shop: Shop | undefined;
let origin: string;
try {
  shop = await createShop({ ...environment.options, port: environment.port, host: environment.host });
  ({ url: origin } = await shop.listen());
} catch (error) {
  if (!(error instanceof ShopStartupError)) throw error;
  console.error(`${variableOf(error)}: ${error.message}`);
  await shop?.close().catch(() => {});
  process.exit(1);
}
const url = origin + (shop.server.openapi().servers as Array<{ url: string }>)[0]?.url.replace(/\/$/, '');

console.log(`Opwire example shop (${shop.db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL server'})`);
console.log(`  Chat          ${url}/  (sign in with a demo account)`);
console.log(`  Console       ${url}/console  (admin account: turns, audit, cost)`);
console.log(`  API           ${url}/orders`);
console.log(`  OpenAPI       ${url}/openapi.json`);
console.log(`  Docs          ${url}/docs`);
console.log(`  Health        ${url}/health/live  ${url}/health/ready`);
console.log(
  `  Chat API      POST ${url}/ai/chat  (model: OPENAI_API_KEY / OPENAI_BASE_URL, OPWIRE_CHAT_MODEL)`,
);
console.log(`  MCP           ${url}/mcp  (Streamable HTTP, Authorization: Bearer <token>)`);
if (telemetry) console.log(`  Telemetry     traces and metrics over OTLP/HTTP to ${telemetry.endpoint}`);
console.log(`  Try           curl -H 'Authorization: Bearer customer-token' ${url}/orders`);

const running = shop;
shutDownOnSignals({
  close: async () => {
    await running.close();
    await telemetry?.shutdown();
  },
  deadlineMs: shopShutdownTimeoutMs + shopShutdownGraceMs + closeGraceMs,
});

/** The variable an operator changes to get past a failed startup step. */
function variableOf(error: ShopStartupError): string {
  if (error.step === 'data-dir') return 'DATA_DIR';
  if (error.step === 'database') return process.env.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
  const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES' ? 'PORT' : 'HOST';
}
