import { parseArgs } from 'node:util';
import {
  type BeirSplit,
  formatBenchmarkComparison,
  formatBenchmarkReport,
  loadBeirDataset,
  type NamedBenchmarkReport,
  type RetrievalMode,
  retrievalModes,
  runRetrievalBenchmark,
} from '@opwire/knowledge';
import { DataError } from '../data-error.js';
import {
  checkUrl,
  knowledgeArgs,
  openCliKnowledge,
  parseStore,
  parseWholeNumber,
  qdrantEnvironment,
} from '../open-cli-knowledge.js';
import { requireFolder } from '../require-folder.js';
import { UsageError } from '../usage-error.js';

/** What `opwire bench --help` prints. */
export const usage =
  `usage: opwire bench retrieval --data <beir-dir> [--split test|train] [--modes ${retrievalModes.join(',')}] ` +
  `[--store memory,pglite,qdrant] [--url <qdrant>] [--chunk-tokens 4096] [--dimensions 384]\n${qdrantEnvironment}`;

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
      url: knowledgeArgs.url,
    },
  });
  const modes = values.modes.split(',') as RetrievalMode[];
  const split = values.split as BeirSplit;
  const [what, extra] = positionals;
  if (what !== 'retrieval') throw new UsageError('bench what? opwire bench retrieval --data <beir-dir>');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  if (!values.data) throw new UsageError('--data <beir-dir> is required');
  const unknownMode = modes.find((mode) => !retrievalModes.includes(mode));
  if (unknownMode !== undefined) {
    throw new UsageError(`--modes takes ${retrievalModes.join(', ')}, not "${unknownMode}"`);
  }
  if (!['test', 'train'].includes(split))
    throw new UsageError(`--split must be test or train, not "${split}"`);
  requireFolder('--data', values.data);
  const maxTokens = parseWholeNumber('--chunk-tokens', values['chunk-tokens'], { min: 8, max: 1_000_000 });
  const stores = values.store.split(',').map((store) => parseStore(store, ['memory', 'pglite', 'qdrant']));
  checkUrl(values.url, stores);
  // Checked with the other options, not when the stores before it have already run.
  if (stores.includes('qdrant') && !(values.url || process.env.QDRANT_URL)) {
    throw new UsageError('--store qdrant needs --url <http://host:6333> (or QDRANT_URL)');
  }
  parseWholeNumber('--dimensions', values.dimensions, { min: 1, max: 4096 });
  const dataset = await loadBeirDataset(values.data, split);
  // A table of zeros would look like a result: a data set with nothing to score is an error.
  if (dataset.corpus.length === 0) throw new DataError(`${values.data} has no corpus documents`);
  if (dataset.queries.length === 0) {
    throw new DataError(`${values.data} has no query with ${split} judgments: nothing to score`);
  }
  console.log(
    `${values.data} (${split}): ${dataset.corpus.length} documents, ${dataset.queries.length} queries`,
  );
  const runs: NamedBenchmarkReport[] = [];
  for (const store of stores) {
    // Every store starts empty: PGlite in memory, Qdrant in collections of this run that are dropped after it.
    const { knowledge, dimensions, close } = await openCliKnowledge({
      store,
      ...(values.url ? { url: values.url } : {}),
      dimensions: values.dimensions,
      chunking: { kind: 'structured', maxTokens },
      collections: ['bench'],
      temporary: true,
    });
    // Ctrl-C or a stop signal still drops this run's Qdrant collections, then exits as the signal would.
    const stop = (signal: NodeJS.Signals) =>
      void close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const report = await runRetrievalBenchmark({
        knowledge,
        dataset,
        modes,
        onProgress: (message) => console.error(`  ${store}: ${message}`),
      });
      console.log(`store ${store}, embedder hashing-${dimensions}`);
      console.log(formatBenchmarkReport(report));
      runs.push({ store, report });
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      await close();
    }
  }
  if (runs.length > 1) console.log(`\n${formatBenchmarkComparison(runs)}`);
  return 0;
}
