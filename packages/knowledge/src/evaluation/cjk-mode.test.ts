import { describe, expect, it } from 'vitest';
import { type CjkMode, createAnalyzer } from '../analysis/analyzer.js';
import { createLexicalIndex } from '../memory/lexical-index.js';
import { toQueryTerms } from '../retrieve.js';
import testSet from './__fixtures__/zh-retrieval.json' with { type: 'json' };
import { scoreRuns } from './retrieval-metrics.js';

// Measures which CJK analysis retrieves Chinese better on a small FAQ set; the default follows the result.
const evaluate = (cjk: CjkMode) => {
  const analyzer = createAnalyzer({ cjk });
  const index = createLexicalIndex();
  for (const document of testSet.documents) index.set(document.id, analyzer.analyze(document.text));
  const runs = new Map<string, string[]>();
  const qrels = new Map<string, Map<string, number>>();
  testSet.queries.forEach((query, position) => {
    const terms = toQueryTerms(analyzer.analyze(query.text));
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
    const words = evaluate('words');
    const bigrams = evaluate('bigrams');
    console.log(`zh nDCG@10: words ${words.ndcgAt10.toFixed(3)}, bigrams ${bigrams.ndcgAt10.toFixed(3)}`);
    expect(createAnalyzer().cjk).toBe('words');
    expect(words.ndcgAt10).toBeGreaterThanOrEqual(bigrams.ndcgAt10);
    expect(words.ndcgAt10).toBeGreaterThan(0.8);
  });
});
