// The README's snippets that read their options from the environment, which is `string | undefined`:
// they must compile under what `tsc --init` writes (exactOptionalPropertyTypes among it). Only compiled.
import type { Opwire } from '@opwire/core';
import { parseOrigins } from '@opwire/core/surface';
import { createHttpServer, staticTokens } from '@opwire/http';
import { createMcpRoutes } from '@opwire/mcp';
import { createPostgres } from '@opwire/postgres';
import { openQdrantKnowledgeStore } from '@opwire/qdrant';

export async function serveFromEnvironment(app: Opwire): Promise<void> {
  const postgres = await createPostgres({
    url: process.env.DATABASE_URL,
    dataDir: process.env.PGLITE_DIR,
    schema: process.env.DATABASE_SCHEMA,
  });
  const store = await openQdrantKnowledgeStore({
    url: 'http://127.0.0.1:6333',
    apiKey: process.env.QDRANT_API_KEY,
    collections: { default: { dimensions: 1536, filterable: { lang: 'keyword' } } },
  });
  const authenticate = staticTokens({});
  const origins = parseOrigins(process.env.CORS_ORIGINS);
  const mcp = createMcpRoutes({
    app,
    authenticate,
    allowedOrigins: origins,
    publicUrl: process.env.PUBLIC_URL,
    basePath: process.env.HTTP_PREFIX,
  });
  const server = createHttpServer(app, {
    authenticate,
    prefix: process.env.HTTP_PREFIX,
    cors: { origins },
    routes: [...mcp.routes],
  });
  await server.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST });
  // A deadline from the environment, absent or not: invoke's options take `undefined` for any field.
  const timeout = process.env.INVOKE_TIMEOUT_MS;
  await app.invoke('greetings.create', { name: 'Ada' }, { timeoutMs: timeout ? Number(timeout) : undefined });
  await Promise.all([mcp.close(), server.close(), store.close?.(), postgres.close()]);
}
