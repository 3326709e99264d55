import { describe, expect, it } from 'vitest';
import { documentFilter, toQdrantFilter } from './to-qdrant-filter.js';

const tenantAndLive = [
  { key: 'tenant', match: { value: 'acme' } },
  { key: 'live', match: { value: true } },
];

describe('Qdrant filters', () => {
  // Qdrant's OpenAPI `AnyVariants` is `uniqueItems: true`: a repeated value is a 400.
  it('lists each document once in match.any, however often the search filter names it', () => {
    expect(toQdrantFilter('acme', { documentIds: ['b.md', 'b.md', 'a.md', 'b.md'] })).toEqual({
      must: [...tenantAndLive, { key: 'documentId', match: { any: ['b.md', 'a.md'] } }],
    });
  });

  it('lists each document once when deleting, and matches one value when only one is left', () => {
    expect(documentFilter('acme', ['b.md', 'b.md', 'x.md'])).toEqual({
      must: [tenantAndLive[0], { key: 'documentId', match: { any: ['b.md', 'x.md'] } }],
    });
    expect(documentFilter('acme', ['b.md', 'b.md'])).toEqual({
      must: [tenantAndLive[0], { key: 'documentId', match: { value: 'b.md' } }],
    });
  });
});
