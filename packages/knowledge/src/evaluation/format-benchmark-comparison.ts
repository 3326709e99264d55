import type { BenchmarkReport } from './run-retrieval-benchmark.js';

/** One store's run of a benchmark, named. */
export interface NamedBenchmarkReport {
  readonly store: string;
  readonly report: BenchmarkReport;
}

/**
 * Formats several stores' runs of one benchmark side by side: ingest time and, per mode, nDCG@10 with its
 * difference from the first store's (the baseline) and query latency p50/p99 with their ratio to the baseline's.
 */
export function formatBenchmarkComparison(runs: readonly NamedBenchmarkReport[]): string {
  const [baseline] = runs;
  if (!baseline) return '';
  const width = Math.max(5, ...runs.map((run) => run.store.length));
  const lines = [
    `store${' '.repeat(width - 5)}  ingest s   ratio  mode      nDCG@10  Δ ${baseline.store.padEnd(width)}  p50 ms   ratio  p99 ms`,
  ];
  for (const { store, report } of runs) {
    const ingestRatio = report.ingestSeconds / baseline.report.ingestSeconds;
    report.modes.forEach((mode, index) => {
      const base = baseline.report.modes.find((candidate) => candidate.mode === mode.mode);
      const delta = base ? mode.ndcgAt10 - base.ndcgAt10 : Number.NaN;
      const latencyRatio = base ? mode.p50Ms / base.p50Ms : Number.NaN;
      const head =
        index === 0
          ? `${store.padEnd(width)}  ${report.ingestSeconds.toFixed(1).padStart(8)}  ${ingestRatio.toFixed(2).padStart(6)}`
          : ' '.repeat(width + 18);
      lines.push(
        `${head}  ${mode.mode.padEnd(8)}  ${mode.ndcgAt10.toFixed(4)}   ${(delta >= 0 ? '+' : '') + delta.toFixed(4)}${' '.repeat(Math.max(0, width - 5))}  ${mode.p50Ms.toFixed(2).padStart(6)}  ${latencyRatio.toFixed(2).padStart(6)}  ${mode.p99Ms.toFixed(2).padStart(6)}`,
      );
    });
  }
  return lines.join('\n');
}
