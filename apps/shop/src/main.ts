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
 */
import { resolve } from 'node:path';
import { parseOrigins } from '@opwire/core/surface';
import { createShop, shopShutdownTimeoutMs } from './server.js';
import { shutDownOnSignals } from './shut-down-on-signals.js';
import { type ShopTelemetry, startTelemetry } from './telemetry.js';

// How long closing the database may take once in-flight requests had their time.
const closeGraceMs = 5_000;

const port = process.env.PORT ? Number(process.env.PORT) : 3000;
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}".`);
  process.exit(1);
}

const writesPerMinute = process.env.RATE_LIMIT_PER_MINUTE ? Number(process.env.RATE_LIMIT_PER_MINUTE) : 60;
if (!Number.isInteger(writesPerMinute) || writesPerMinute < 0) {
  console.error(
    `RATE_LIMIT_PER_MINUTE must be a whole number ≥ 0 (0 turns the limit off), not "${process.env.RATE_LIMIT_PER_MINUTE}".`,
  );
  process.exit(1);
}

// Seconds a chat turn whose page went away keeps running for the page to come back (useChat's resume); off when unset.
const resumeSeconds = process.env.CHAT_RESUME_SECONDS ? Number(process.env.CHAT_RESUME_SECONDS) : undefined;
if (
  resumeSeconds !== undefined &&
  !(Number.isInteger(resumeSeconds) && resumeSeconds >= 0 && resumeSeconds <= 3600)
) {
  console.error(
    `CHAT_RESUME_SECONDS must be a whole number of seconds from 0 to 3600 (unset turns resuming off), not "${process.env.CHAT_RESUME_SECONDS}".`,
  );
  process.exit(1);
}

// MCP without sessions, for several processes behind one address; on with 1 or true, off with 0, false or unset.
const mcpStateless = process.env.MCP_STATELESS ?? '';
if (!['', '0', '1', 'false', 'true'].includes(mcpStateless)) {
  console.error(
    `MCP_STATELESS must be 1 or true (no MCP sessions), or 0 or false (sessions), not "${mcpStateless}".`,
  );
  process.exit(1);
}

let corsOrigins: readonly string[];
try {
  corsOrigins = parseOrigins(process.env.CORS_ORIGINS);
} catch (error) {
  console.error(`CORS_ORIGINS: ${(error as Error).message}`);
  process.exit(1);
}

// Started before the shop, so its startup (migrations, seeding) is traced too.
let telemetry: ShopTelemetry | undefined;
try {
  telemetry = startTelemetry();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const shop = await createShop({
  databaseUrl: process.env.DATABASE_URL || undefined,
  // Relative to where the user typed the command: `pnpm start` runs this in apps/shop and says where in INIT_CWD.
  dataDir: process.env.DATA_DIR ? resolve(process.env.INIT_CWD ?? '.', process.env.DATA_DIR) : undefined,
  schema: process.env.DATABASE_SCHEMA || undefined,
  writesPerMinute: writesPerMinute === 0 ? false : writesPerMinute,
  port,
  host: process.env.HOST || '127.0.0.1',
  corsOrigins,
  prefix: process.env.HTTP_PREFIX || undefined,
  accessLog: process.env.ACCESS_LOG === '1' || process.env.ACCESS_LOG === 'true',
  ...(resumeSeconds === undefined ? {} : { assistant: { resumeMs: resumeSeconds * 1000 } }),
  ...(mcpStateless === '1' || mcpStateless === 'true' ? { mcp: { sessions: false } } : {}),
});
const { url: origin } = await shop.listen();
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

shutDownOnSignals({
  close: async () => {
    await shop.close();
    await telemetry?.shutdown();
  },
  deadlineMs: shopShutdownTimeoutMs + closeGraceMs,
});
