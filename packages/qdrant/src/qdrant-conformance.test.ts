import type { CasePromises } from '@opwire/knowledge/testing';
import { describeKnowledgeStoreConformance } from '@opwire/knowledge/testing';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { openQdrantKnowledgeStore } from './qdrant-knowledge-store.js';
import { type QdrantStandIn, startQdrantStandIn } from './testing/start-qdrant-stand-in.js';

/** The promises Qdrant keeps where its scoring differs from the exact stores', with the reason. */
export const qdrantPromises: CasePromises = {
  'lexical-bm25': {
    kind: 'same-top-documents',
    reason:
      'Qdrant scores BM25 with the average chunk length fixed when a chunk is written (lexical.averageTerms, 128 by default), not the scope’s, so its ranks can differ from exact BM25 when chunk lengths differ; only the IDF (over the tenant’s live chunks) is applied at query time',
  },
  'hybrid-fusion': {
    kind: 'rank-equivalent',
    reason: 'Qdrant orders chunks of equal fused score by point id, not by chunk id',
  },
  'tie-cut': {
    kind: 'own-tie-cut',
    reason:
      'Qdrant breaks ties by point id (random per version), so which of several equally scored chunks survive a top cut is Qdrant’s choice; the adapter returns the survivors by record id, and a fused search ranks tied inputs by point id',
  },
};

let suite = 0;
const openFresh = (url: string, apiKey?: string) => async () => {
  const store = await openQdrantKnowledgeStore({
    url,
    ...(apiKey ? { apiKey } : {}),
    collectionPrefix: `opwire_test_${process.pid}_${suite++}_`,
    collections: { docs: { dimensions: 3 }, other: { dimensions: 3 } },
  });
  return { ...store, close: () => store.dropCollections() };
};

let standIn: QdrantStandIn;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  // Every request the adapter sent, and every answer, matched Qdrant's OpenAPI document.
  expect(standIn.problems).toEqual([]);
});

describeKnowledgeStoreConformance('Qdrant stand-in (REST checked against Qdrant 1.19 OpenAPI)', {
  create: () => openFresh(standIn.url)(),
  promises: qdrantPromises,
});

const url = process.env.QDRANT_URL;
describeKnowledgeStoreConformance('Qdrant server at QDRANT_URL', {
  ...(url
    ? { create: openFresh(url, process.env.QDRANT_API_KEY) }
    : { create: () => Promise.reject(new Error('unreachable')), skip: 'QDRANT_URL is not set' }),
  promises: qdrantPromises,
});
