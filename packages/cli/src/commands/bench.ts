import { parseArgs } from 'node:util';
import {
  type BeirSplit,
  formatBenchmarkReport,
  loadBeirDataset,
  type RetrievalMode,
  retrievalModes,
  runRetrievalBenchmark,
} from '@opwire/knowledge';
import { knowledgeArgs, openCliKnowledge, parseWholeNumber } from '../open-cli-knowledge.js';
import { requireFolder } from '../require-folder.js';

/** What `opwire bench --help` prints. */
export const usage =
  `usage: opwire bench retrieval --data <beir-dir> [--split test|train] [--modes ${retrievalModes.join(',')}] ` +
  '[--store memory|pglite] [--chunk-tokens 4096] [--dimensions 384]';

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      split: { type: 'string', default: 'test' },
      modes: { type: 'string', default: retrievalModes.join(',') },
      store: { type: 'string', default: 'memory' },
      'chunk-tokens': { type: 'string', default: '4096' },
      dimensions: knowledgeArgs.dimensions,
    },
  });
  const modes = values.modes.split(',') as RetrievalMode[];
  const split = values.split as BeirSplit;
  if (
    positionals[0] !== 'retrieval' ||
    !values.data ||
    !modes.every((mode) => retrievalModes.includes(mode)) ||
    !['test', 'train'].includes(split) ||
    !['memory', 'pglite'].includes(values.store)
  ) {
    console.error(usage);
    return 2;
  }
  requireFolder('--data', values.data);
  const maxTokens = parseWholeNumber('--chunk-tokens', values['chunk-tokens'], { min: 8, max: 1_000_000 });
  const { knowledge, dimensions, close } = await openCliKnowledge({
    store: values.store === 'pglite' ? 'pglite' : 'memory',
    dimensions: values.dimensions,
    chunking: { kind: 'structured', maxTokens },
  });
  try {
    const dataset = await loadBeirDataset(values.data, split);
    console.log(
      `${values.data} (${split}): ${dataset.corpus.length} documents, ${dataset.queries.length} queries`,
    );
    const report = await runRetrievalBenchmark({
      knowledge,
      dataset,
      modes,
      onProgress: (message) => console.error(`  ${message}`),
    });
    console.log(`store ${values.store}, embedder hashing-${dimensions}`);
    console.log(formatBenchmarkReport(report));
    return 0;
  } finally {
    await close();
  }
}
