import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createHashingEmbeddingModel,
  createKnowledge,
  createMemoryKnowledgeStore,
  loadBeirDataset,
  runRetrievalBenchmark,
} from '@opwire/knowledge';
import { describe, expect, it } from 'vitest';

// The shared data folder sits next to the repository root: <root>/../shared/data/scifact.
const scifact = fileURLToPath(new URL('../../../../shared/data/scifact', import.meta.url));
const present = existsSync(scifact);

describe.skipIf(!present)(
  `SciFact lexical retrieval${present ? '' : ' (skipped: ../shared/data/scifact is absent)'}`,
  () => {
    it('reaches the BEIR BM25 baseline: nDCG@10 ≥ 0.68 on the test split (stemming, stop words and k1/b all count)', {
      timeout: 120_000,
    }, async () => {
      const dataset = await loadBeirDataset(scifact, 'test');
      expect(dataset.queries).toHaveLength(300);
      const knowledge = createKnowledge({
        store: createMemoryKnowledgeStore(),
        embeddingModel: createHashingEmbeddingModel(),
        chunking: { kind: 'structured', maxTokens: 4096 },
      });
      const report = await runRetrievalBenchmark({ knowledge, dataset, modes: ['lexical'] });
      const lexical = report.modes[0]!;
      console.log(
        `SciFact test lexical: nDCG@10 ${lexical.ndcgAt10.toFixed(4)}, Recall@100 ${lexical.recallAt100.toFixed(4)}, MAP ${lexical.map.toFixed(4)}`,
      );
      expect(lexical.ndcgAt10).toBeGreaterThanOrEqual(0.68);
    });
  },
);
