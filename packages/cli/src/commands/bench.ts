import { parseArgs } from 'node:util';
import {
  type BeirSplit,
  createHashingEmbeddingModel,
  createKnowledge,
  createMemoryKnowledgeStore,
  formatBenchmarkReport,
  loadBeirDataset,
  type RetrievalMode,
  runRetrievalBenchmark,
} from '@opwire/knowledge';
import { openPostgresKnowledgeStore } from '@opwire/postgres/knowledge';

/** One line for `opwire --help`. */
export const summary = 'bench retrieval --data <dir>: nDCG@10, Recall@100, MAP and latency on a BEIR folder';

const allModes: readonly RetrievalMode[] = ['dense', 'lexical', 'hybrid'];
const usage =
  'usage: opwire bench retrieval --data <beir-dir> [--split test|train] [--modes dense,lexical,hybrid] ' +
  '[--store memory|pglite] [--chunk-tokens 4096] [--dimensions 384]';

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      split: { type: 'string', default: 'test' },
      modes: { type: 'string', default: allModes.join(',') },
      store: { type: 'string', default: 'memory' },
      'chunk-tokens': { type: 'string', default: '4096' },
      dimensions: { type: 'string', default: '384' },
    },
  });
  const modes = values.modes.split(',') as RetrievalMode[];
  const split = values.split as BeirSplit;
  if (
    positionals[0] !== 'retrieval' ||
    !values.data ||
    !modes.every((mode) => allModes.includes(mode)) ||
    !['test', 'train'].includes(split) ||
    !['memory', 'pglite'].includes(values.store)
  ) {
    console.error(usage);
    return 2;
  }
  const dataset = await loadBeirDataset(values.data, split);
  console.log(
    `${values.data} (${split}): ${dataset.corpus.length} documents, ${dataset.queries.length} queries`,
  );
  const store = values.store === 'pglite' ? await openPostgresKnowledgeStore() : createMemoryKnowledgeStore();
  try {
    const knowledge = createKnowledge({
      store,
      embeddingModel: createHashingEmbeddingModel({ dimensions: Number(values.dimensions) }),
      chunking: { kind: 'structured', maxTokens: Number(values['chunk-tokens']) },
    });
    const report = await runRetrievalBenchmark({
      knowledge,
      dataset,
      modes,
      onProgress: (message) => console.error(`  ${message}`),
    });
    console.log(`store ${values.store}, embedder hashing-${values.dimensions}`);
    console.log(formatBenchmarkReport(report));
    return 0;
  } finally {
    await store.close?.();
  }
}
