/**
 * Writes the part of Qdrant's official OpenAPI document that the stand-in serves: the operations the adapter
 * calls and every schema they reach. Run after updating `../shared/data/qdrant/openapi.json`:
 * `pnpm --filter @opwire/qdrant exec tsx scripts/extract-openapi-subset.ts [path/to/openapi.json]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractOpenApiSubset } from '../src/testing/openapi-subset.js';

const source =
  process.argv[2] ?? fileURLToPath(new URL('../../../../shared/data/qdrant/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../src/testing/__fixtures__/qdrant-openapi.json', import.meta.url));
const subset = extractOpenApiSubset(JSON.parse(readFileSync(source, 'utf8')));
writeFileSync(target, `${JSON.stringify(subset, null, 1)}\n`);
console.log(`wrote ${Object.keys(subset.components.schemas).length} schemas to ${target}`);
