import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createHashingEmbeddingModel,
  createKnowledge,
  createMemoryKnowledgeStore,
  type KnowledgeStore,
  loadBeirDataset,
  type RetrievalMode,
  runRetrievalBenchmark,
} from '@opwire/knowledge';
import { openQdrantKnowledgeStore } from '@opwire/qdrant';
import { startQdrantStandIn } from '@opwire/qdrant/testing';
import { describe, expect, it } from 'vitest';

// The shared data folder sits next to the repository root: <root>/../shared/data/scifact.
const scifact = fileURLToPath(new URL('../../../../shared/data/scifact', import.meta.url));
const present = existsSync(scifact);

/**
 * The promise on SciFact (test split, nDCG@10 against the memory store): dense search is exact cosine on both, so
 * equal up to float32 rounding; lexical and hybrid differ by Qdrant's BM25 length normalisation, fixed when a
 * chunk is written (`lexical.averageTerms` 128, where SciFact's documents average 162 terms).
 */
const promise: Record<RetrievalMode, number> = { dense: 0.001, lexical: 0.01, hybrid: 0.01 };

const run = async (store: KnowledgeStore, modes: readonly RetrievalMode[]) => {
  const knowledge = createKnowledge({
    store,
    embeddingModel: createHashingEmbeddingModel(),
    chunking: { kind: 'structured', maxTokens: 4096 },
  });
  const dataset = await loadBeirDataset(scifact, 'test');
  return runRetrievalBenchmark({ knowledge, dataset, modes });
};

describe.skipIf(!present)(
  `SciFact on the Qdrant store (stand-in)${present ? '' : ' (skipped: ../shared/data/scifact is absent)'}`,
  () => {
    it(`reaches the memory store's nDCG@10 within the promise: dense ±${promise.dense}, lexical and hybrid ±${promise.lexical}`, {
      timeout: 900_000,
    }, async () => {
      const modes: RetrievalMode[] = ['dense', 'lexical', 'hybrid'];
      const memory = await run(createMemoryKnowledgeStore(), modes);
      const standIn = await startQdrantStandIn();
      try {
        const store = await openQdrantKnowledgeStore({
          url: standIn.url,
          collections: { bench: { dimensions: 384 } },
        });
        const qdrant = await run(store, modes);
        for (const mode of modes) {
          const [exact, approximate] = [memory, qdrant].map(
            (report) => report.modes.find((entry) => entry.mode === mode)!.ndcgAt10,
          );
          console.log(
            `SciFact ${mode}: memory ${exact!.toFixed(4)}, qdrant stand-in ${approximate!.toFixed(4)}`,
          );
          expect(Math.abs(approximate! - exact!)).toBeLessThanOrEqual(promise[mode]);
        }
        expect(standIn.problems).toEqual([]);
      } finally {
        await standIn.close();
      }
    });
  },
);
