// The consumer test's checks, run after app.ts with plain node: every surface and subpath of the installed
// tarballs, seen from outside the workspace. Prints one line per check; any failure exits non-zero.
import { strict as assert } from 'node:assert';
import { SpanKind } from '@opentelemetry/api';
import { createToolCatalog } from '@opwire/ai';
import * as aiTesting from '@opwire/ai/testing';
import { consoleRoutes } from '@opwire/console';
import { isOpwireError } from '@opwire/core';
import * as coreSurface from '@opwire/core/surface';
import * as coreTesting from '@opwire/core/testing';
import * as httpTesting from '@opwire/http/testing';
import { createHashingEmbeddingModel, createKnowledge, createMemoryKnowledgeStore } from '@opwire/knowledge';
import * as knowledgeTesting from '@opwire/knowledge/testing';
import * as mcp from '@opwire/mcp';
import { createPostgres } from '@opwire/postgres';
import * as postgresAi from '@opwire/postgres/ai';
import { openPostgresKnowledgeStore } from '@opwire/postgres/knowledge';
import * as qdrant from '@opwire/qdrant';
import * as qdrantTesting from '@opwire/qdrant/testing';
import { app, server } from './app.js';
import { exporter } from './telemetry.js';

const url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;

// Over HTTP, continuing a caller's trace.
const traceId = '0af7651916cd43dd8448eb211c80319c';
const response = await fetch(`${url}/greetings`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-b7ad6b7169203331-01` },
  body: JSON.stringify({ name: 'Grace' }),
});
assert.equal(response.status, 201);
assert.deepEqual(await response.json(), { message: 'Hello, Grace!' });
console.log('http: POST /greetings 201');

// The HTTP instrumentation's server span is the parent of the operation span.
const inTrace = async () => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    if (spans.length >= 2) return spans;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
};
const spans = await inTrace();
const serverSpan = spans.find((span) => span.kind === SpanKind.SERVER);
const operationSpan = spans.find((span) => span.name === 'greetings.create');
assert.ok(serverSpan, 'the HTTP instrumentation recorded a server span');
assert.ok(operationSpan, 'Opwire recorded the operation span');
assert.equal(operationSpan.parentSpanContext?.spanId, serverSpan.spanContext().spanId);
console.log(`tracing: ${serverSpan.name} (http) is the parent of greetings.create`);

// The docs page, with the optional swagger-ui-dist installed.
const docs = await fetch(`${url}/docs`);
assert.equal(docs.status, 200);
assert.match(await docs.text(), /swagger-ui-bundle\.js/);
console.log('http: GET /docs 200');

// The tool catalog.
const catalog = createToolCatalog({ app });
assert.deepEqual(
  catalog.all().map((tool) => tool.name),
  ['greetings_create'],
);
console.log('ai: tool greetings_create');

// Knowledge in memory: ingest, then retrieve.
const knowledge = createKnowledge({
  store: createMemoryKnowledgeStore(),
  embeddingModel: createHashingEmbeddingModel(),
});
await knowledge.ingest([
  { documentId: 'returns.md', title: 'Returns', text: 'Unworn shoes can be returned within 30 days.' },
  { documentId: 'shipping.md', title: 'Shipping', text: 'Orders ship within two business days.' },
]);
const chunks = await knowledge.retrieve({ text: 'Can I return shoes?', mode: 'hybrid', top: 1 });
assert.equal(chunks[0]?.documentId, 'returns.md');
console.log('knowledge: returns.md retrieved');

// Every subpath export loads.
for (const [subpath, module, name] of [
  ['@opwire/core/surface', coreSurface, 'invokeOptionsFrom'],
  ['@opwire/core/testing', coreTesting, 'describePortConformance'],
  ['@opwire/http/testing', httpTesting, 'serveOverLoopback'],
  ['@opwire/ai/testing', aiTesting, 'runApprovalStoreConformance'],
  ['@opwire/knowledge/testing', knowledgeTesting, 'describeKnowledgeStoreConformance'],
  ['@opwire/postgres/knowledge', { openPostgresKnowledgeStore }, 'openPostgresKnowledgeStore'],
  ['@opwire/postgres/ai', postgresAi, 'createPostgresGovernanceStores'],
  ['@opwire/mcp', mcp, 'createMcpRoutes'],
  ['@opwire/qdrant', qdrant, 'openQdrantKnowledgeStore'],
  ['@opwire/qdrant/testing', qdrantTesting, 'startQdrantStandIn'],
  ['@opwire/console', { consoleRoutes }, 'consoleRoutes'],
] as const) {
  assert.equal(typeof (module as Record<string, unknown>)[name], 'function', `${subpath} exports ${name}`);
}
console.log('subpaths: all loaded');

// The console's pages come prebuilt in the tarball: its routes read them and answer the HTML.
const consolePage = consoleRoutes({ path: '/console' }).find((route) => route.path === '/console/turns');
// The page route reads only the caller's locale.
const pageInput = { locale: 'en' } as Parameters<NonNullable<typeof consolePage>['handle']>[0];
const consoleHtml = await (await consolePage!.handle(pageInput)).text();
assert.match(consoleHtml, /<script type="module" crossorigin src="\/console\/assets\/console-[\w-]+\.js">/);
console.log('console: /console/turns prebuilt');

// PGlite is an optional peer this app did not install: embedded PostgreSQL says what to install.
await assert.rejects(createPostgres(), (error: unknown) => {
  assert.ok(isOpwireError(error));
  assert.equal(error.code, 'INVALID_CONFIGURATION');
  assert.match(error.message, /@electric-sql\/pglite.*not installed/);
  return true;
});
console.log('postgres: without PGlite, INVALID_CONFIGURATION');

await server.close();
console.log(`consumer check passed on Node ${process.versions.node}`);
