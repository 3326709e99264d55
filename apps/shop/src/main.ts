/**
 * Starts the shop's HTTP server: `pnpm start` (root) or `pnpm --filter @opwire/example-shop start`.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), DATABASE_URL (default: PGlite in apps/shop/.data).
 */
import { createShop } from './server.js';

const port = process.env.PORT ? Number(process.env.PORT) : 3000;
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a whole number from 0 to 65535, not "${process.env.PORT}".`);
  process.exit(1);
}

const shop = await createShop({
  databaseUrl: process.env.DATABASE_URL || undefined,
  port,
  host: process.env.HOST || '127.0.0.1',
});
const { url } = await shop.listen();

console.log(`Opwire example shop (${shop.db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL server'})`);
console.log(`  API           ${url}/orders`);
console.log(`  OpenAPI       ${url}/openapi.json`);
console.log(`  Docs          ${url}/docs`);
console.log(`  Health        ${url}/health/live  ${url}/health/ready`);
console.log(
  `  Chat          POST ${url}/ai/chat  (model: OPENAI_API_KEY / OPENAI_BASE_URL, OPWIRE_CHAT_MODEL)`,
);
console.log(`  Try           curl -H 'Authorization: Bearer customer-token' ${url}/orders`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
  try {
    await shop.close();
    process.exit(0);
  } catch (error) {
    console.error('shutdown failed', error);
    process.exit(1);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
