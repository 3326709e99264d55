import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { type Analyzer, type AnalyzerOptions, createAnalyzer } from '../analysis/analyzer.js';
import { createLexicalIndex } from '../memory/lexical-index.js';
import { toQueryTerms } from '../retrieve.js';
import testSet from './__fixtures__/zh-retrieval.json' with { type: 'json' };
import { scoreRuns } from './retrieval-metrics.js';

// Measures which CJK analysis retrieves Chinese better on a small FAQ set; the default follows the result.
const evaluate = (options: AnalyzerOptions, queryText: (text: string) => string = (text) => text) => {
  const analyzer: Analyzer = createAnalyzer(options);
  const index = createLexicalIndex();
  for (const document of testSet.documents) index.set(document.id, analyzer.analyze(document.text));
  const runs = new Map<string, string[]>();
  const qrels = new Map<string, Map<string, number>>();
  testSet.queries.forEach((query, position) => {
    const terms = toQueryTerms(analyzer.analyze(queryText(query.text)));
    runs.set(
      String(position),
      index.search(terms, { k1: 1.2, b: 0.75, top: 10 }).map((hit) => hit.id),
    );
    qrels.set(String(position), new Map(query.relevant.map((id) => [id, 1])));
  });
  return scoreRuns(runs, qrels);
};

describe('CJK analysis on the Chinese FAQ set', () => {
  it('dictionary words (the default) retrieve at least as well as bigrams', () => {
    const words = evaluate({ cjk: 'words' });
    const bigrams = evaluate({ cjk: 'bigrams' });
    console.log(`zh nDCG@10: words ${words.ndcgAt10.toFixed(3)}, bigrams ${bigrams.ndcgAt10.toFixed(3)}`);
    expect(createAnalyzer().cjk).toBe('words');
    expect(words.ndcgAt10).toBeGreaterThanOrEqual(bigrams.ndcgAt10);
    expect(words.ndcgAt10).toBeGreaterThan(0.8);
  });

  it('finds the Simplified answers to questions asked in Traditional Chinese (folding on, the default)', () => {
    // OpenCC's own converter, phrases included (软件 → 軟體), writes each query as a reader in Taiwan would.
    const inTaiwan = OpenCC.Converter({ from: 'cn', to: 'tw' });
    expect(inTaiwan('退货政策')).toBe('退貨政策');
    const simplified = evaluate({});
    const folded = evaluate({}, inTaiwan);
    const asWritten = evaluate({ foldTraditional: false }, inTaiwan);
    console.log(
      `zh nDCG@10, Traditional queries: folded ${folded.ndcgAt10.toFixed(3)}, as written ${asWritten.ndcgAt10.toFixed(3)} (Simplified queries ${simplified.ndcgAt10.toFixed(3)})`,
    );
    // Folded, a question in Traditional retrieves as its Simplified original does; as written, it misses
    // every word with a character the scripts write differently.
    expect(folded.ndcgAt10).toBeCloseTo(simplified.ndcgAt10, 3);
    expect(folded.ndcgAt10).toBeGreaterThan(asWritten.ndcgAt10 + 0.05);
  });
});
