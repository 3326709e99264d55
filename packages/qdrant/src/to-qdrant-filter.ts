import type { KnowledgeFilter, MetadataValue } from '@opwire/knowledge';
import { metadataPath } from './metadata-path.js';

/** A Qdrant filter: conditions every point must pass. */
export interface QdrantFilter {
  readonly must: Array<Record<string, unknown>>;
}

// Qdrant's `match` takes only int64 integers (its OpenAPI `ValueVariants`); 2 ** 63 is an exact double.
const isInt64 = (value: number) => Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63;

const match = (key: string, value: MetadataValue): Record<string, unknown> =>
  // Qdrant matches strings, int64 integers and booleans exactly; any other number needs a closed range.
  typeof value === 'number' && !isInt64(value)
    ? { key, range: { gte: value, lte: value } }
    : { key, match: { value } };

// Qdrant's `match.any` refuses a repeated value (its OpenAPI `AnyVariants` is `uniqueItems: true`).
const matchAny = (key: string, values: readonly string[]): Record<string, unknown> => {
  const unique = [...new Set(values)];
  return unique.length === 1 ? { key, match: { value: unique[0]! } } : { key, match: { any: unique } };
};

/** The points of one tenant that searches may see: its live chunks (a version being written is not live). */
export function tenantFilter(tenant: string): QdrantFilter {
  return {
    must: [
      { key: 'tenant', match: { value: tenant } },
      { key: 'live', match: { value: true } },
    ],
  };
}

/**
 * A search's filter pushed down to Qdrant: the tenant's live chunks, the listed documents, every metadata value
 * equal. Nothing is filtered after the fact, so `top` counts only chunks the caller may see.
 */
export function toQdrantFilter(tenant: string, filter: KnowledgeFilter | undefined): QdrantFilter {
  const must = [...tenantFilter(tenant).must];
  if (filter?.documentIds) must.push(matchAny('documentId', filter.documentIds));
  for (const [key, value] of Object.entries(filter?.metadata ?? {})) {
    must.push(match(metadataPath(key), value));
  }
  return { must };
}

/** Every point of one document of one tenant, whatever its version. */
export function documentFilter(tenant: string, documentIds: readonly string[]): QdrantFilter {
  return {
    must: [{ key: 'tenant', match: { value: tenant } }, matchAny('documentId', documentIds)],
  };
}
