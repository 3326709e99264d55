import { compareRecordIds } from '../store/compare-record-ids.js';
import { normalizeVector, type VectorInput } from './normalize-vector.js';
import type { VectorSearchHit } from './vector-index.js';

/** What `bruteForceSearch` ranks: raw vectors by id, compared the plain way. */
export interface BruteForceSearchOptions {
  readonly vectors: ReadonlyMap<string, VectorInput>;
  readonly query: VectorInput;
  readonly top: number;
  readonly filter?: (id: string) => boolean;
}

/**
 * The reference the index is tested against: normalizes every vector like the index does, takes each dot
 * product in double precision with a plain loop, sorts everything (score descending, then id in code-point order).
 */
export function bruteForceSearch(options: BruteForceSearchOptions): VectorSearchHit[] {
  const dimensions = options.query.length;
  const query = normalizeVector(options.query, { dimensions, field: 'query' });
  const hits: VectorSearchHit[] = [];
  for (const [id, vector] of options.vectors) {
    if (options.filter && !options.filter(id)) continue;
    const row = normalizeVector(vector, { dimensions, field: 'vector' });
    let score = 0;
    for (let index = 0; index < dimensions; index++) score += row[index]! * query[index]!;
    hits.push({ id, score });
  }
  hits.sort((left, right) => right.score - left.score || compareRecordIds(left.id, right.id));
  return hits.slice(0, options.top);
}
