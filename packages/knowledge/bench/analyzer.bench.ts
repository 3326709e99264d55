// What folding Traditional Chinese costs the analyzer (ingest and every query run it): the Chinese FAQ set's
// documents, as written (Simplified) and converted by OpenCC to Taiwan's Traditional, analyzed with folding
// off (the baseline) and on, alternating, best of 7 rounds. npx tsx packages/knowledge/bench/analyzer.bench.ts
import * as OpenCC from 'opencc-js';
import { createAnalyzer } from '../src/analysis/analyzer.js';
import testSet from '../src/evaluation/__fixtures__/zh-retrieval.json' with { type: 'json' };

const simplified = testSet.documents.map((document) => document.text).join('\n');
const traditional = OpenCC.Converter({ from: 'cn', to: 'tw' })(simplified);
const repeat = 200;
const analyzers = {
  'folding off (baseline)': createAnalyzer({ foldTraditional: false }),
  'folding on (default)': createAnalyzer(),
};

const charactersPerSecond = (analyze: (text: string) => string[], text: string): number => {
  const started = performance.now();
  for (let round = 0; round < repeat; round++) analyze(text);
  return (text.length * repeat) / ((performance.now() - started) / 1000);
};

console.log(`| text | analyzer | characters/s (best of 7) | ratio to baseline |`);
console.log(`| --- | --- | ---: | ---: |`);
for (const [name, text] of [
  ['Simplified', simplified],
  ['Traditional', traditional],
] as const) {
  // Both analyzers compiled by the JIT before anything is measured.
  for (const analyzer of Object.values(analyzers))
    charactersPerSecond((value) => analyzer.analyze(value), text);
  const best = new Map<string, number>();
  for (let round = 0; round < 7; round++) {
    for (const [label, analyzer] of Object.entries(analyzers)) {
      const rate = charactersPerSecond((value) => analyzer.analyze(value), text);
      best.set(label, Math.max(best.get(label) ?? 0, rate));
    }
  }
  const baseline = best.get('folding off (baseline)') as number;
  for (const [label, rate] of best) {
    console.log(
      `| ${name} | ${label} | ${Math.round(rate).toLocaleString('en')} | ${(rate / baseline).toFixed(2)} |`,
    );
  }
}
