/** Ranked document ids for one query, best first. */
export type Ranking = readonly string[];

/** nDCG@k with graded gains (`2^rel − 1`) and the ideal ranking from the judgments. */
export function ndcgAt(ranking: Ranking, relevance: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranking.slice(0, k).forEach((id, index) => {
    const gain = relevance.get(id) ?? 0;
    if (gain > 0) dcg += (2 ** gain - 1) / Math.log2(index + 2);
  });
  const ideal = [...relevance.values()]
    .filter((gain) => gain > 0)
    .sort((left, right) => right - left)
    .slice(0, k)
    .reduce((sum, gain, index) => sum + (2 ** gain - 1) / Math.log2(index + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of the relevant documents found in the first k. */
export function recallAt(ranking: Ranking, relevance: ReadonlyMap<string, number>, k: number): number {
  const relevant = [...relevance.entries()].filter(([, gain]) => gain > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const found = new Set(ranking.slice(0, k));
  return relevant.filter((id) => found.has(id)).length / relevant.length;
}

/** Average precision over the whole ranking (MAP when averaged over queries). */
export function averagePrecision(ranking: Ranking, relevance: ReadonlyMap<string, number>): number {
  const relevantCount = [...relevance.values()].filter((gain) => gain > 0).length;
  if (relevantCount === 0) return 0;
  let hits = 0;
  let sum = 0;
  ranking.forEach((id, index) => {
    if ((relevance.get(id) ?? 0) > 0) {
      hits++;
      sum += hits / (index + 1);
    }
  });
  return sum / relevantCount;
}

/** The mean figures of a run over a query set. */
export interface RetrievalScores {
  readonly ndcgAt10: number;
  readonly recallAt100: number;
  readonly map: number;
  readonly queries: number;
}

/** Averages nDCG@10, Recall@100 and MAP over every judged query (an unanswered query scores 0). */
export function scoreRuns(
  runs: ReadonlyMap<string, Ranking>,
  qrels: ReadonlyMap<string, ReadonlyMap<string, number>>,
): RetrievalScores {
  let ndcg = 0;
  let recall = 0;
  let map = 0;
  for (const [queryId, relevance] of qrels) {
    const ranking = runs.get(queryId) ?? [];
    ndcg += ndcgAt(ranking, relevance, 10);
    recall += recallAt(ranking, relevance, 100);
    map += averagePrecision(ranking, relevance);
  }
  const count = qrels.size || 1;
  return { ndcgAt10: ndcg / count, recallAt100: recall / count, map: map / count, queries: qrels.size };
}
