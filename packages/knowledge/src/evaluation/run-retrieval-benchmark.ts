import type { Knowledge } from '../create-knowledge.js';
import type { RetrievalMode } from '../retrieve.js';
import type { BeirDataset } from './load-beir-dataset.js';
import { type RetrievalScores, scoreRuns } from './retrieval-metrics.js';

/** The figures of one mode: quality and query latency in milliseconds. */
export interface ModeReport extends RetrievalScores {
  readonly mode: RetrievalMode;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** A benchmark run: ingest throughput and each mode's figures. */
export interface BenchmarkReport {
  readonly documents: number;
  readonly chunks: number;
  readonly ingestSeconds: number;
  readonly documentsPerSecond: number;
  readonly modes: readonly ModeReport[];
}

/** Settings of a benchmark run; chunks are ranked back to their documents (best chunk first). */
export interface RetrievalBenchmarkOptions {
  readonly knowledge: Knowledge;
  readonly dataset: BeirDataset;
  readonly modes: readonly RetrievalMode[];
  /** Depth of each ranking; defaults to 100 (Recall@100, MAP@100). */
  readonly top?: number;
  readonly collection?: string;
  readonly onProgress?: (message: string) => void;
}

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;

/** Ingests a BEIR corpus, runs every query in every mode, and scores the runs against the judgments. */
export async function runRetrievalBenchmark(options: RetrievalBenchmarkOptions): Promise<BenchmarkReport> {
  const { knowledge, dataset } = options;
  const top = options.top ?? 100;
  const collection = options.collection ?? 'bench';
  const started = performance.now();
  const results = await knowledge.ingest(
    dataset.corpus.map((document) => ({
      collection,
      documentId: document.id,
      title: document.title,
      text: document.text,
    })),
    {
      onProgress: (progress) =>
        progress.done % 1000 === 0 &&
        options.onProgress?.(`${progress.phase} ${progress.done}/${progress.total}`),
    },
  );
  const ingestSeconds = (performance.now() - started) / 1000;
  const failed = results.find((result) => result.error);
  if (failed?.error) throw failed.error;
  const modes: ModeReport[] = [];
  for (const mode of options.modes) {
    const runs = new Map<string, string[]>();
    const latencies: number[] = [];
    for (const query of dataset.queries) {
      const begin = performance.now();
      // Several chunks may come from one document, so look a little deeper and keep each document once.
      const chunks = await knowledge.retrieve({ collection, text: query.text, top: top * 2, mode });
      latencies.push(performance.now() - begin);
      runs.set(query.id, [...new Set(chunks.map((chunk) => chunk.documentId))].slice(0, top));
    }
    latencies.sort((left, right) => left - right);
    modes.push({
      mode,
      ...scoreRuns(runs, dataset.qrels),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
    });
    options.onProgress?.(`${mode} done`);
  }
  return {
    documents: dataset.corpus.length,
    chunks: results.reduce((sum, result) => sum + result.chunks, 0),
    ingestSeconds,
    documentsPerSecond: dataset.corpus.length / ingestSeconds,
    modes,
  };
}

/** Formats a report as the table `opwire bench retrieval` prints. */
export function formatBenchmarkReport(report: BenchmarkReport): string {
  const lines = [
    `documents ${report.documents}, chunks ${report.chunks}, ingest ${report.ingestSeconds.toFixed(1)} s (${report.documentsPerSecond.toFixed(0)} docs/s)`,
    'mode      nDCG@10  Recall@100  MAP@100  p50 ms  p99 ms  queries',
  ];
  for (const mode of report.modes) {
    lines.push(
      `${mode.mode.padEnd(8)}  ${mode.ndcgAt10.toFixed(4)}   ${mode.recallAt100.toFixed(4)}      ${mode.map.toFixed(4)}   ${mode.p50Ms.toFixed(2).padStart(6)}  ${mode.p99Ms.toFixed(2).padStart(6)}  ${mode.queries}`,
    );
  }
  return lines.join('\n');
}
