import { compareRecordIds } from './store/compare-record-ids.js';
import type { ScoredRecord } from './store/knowledge-store.js';

/**
 * Reciprocal rank fusion: each list adds `1 / (k + rank)` to a record's score; best fused first, equal scores by
 * record id in code-point order.
 */
export function fuseRanks(lists: ReadonlyArray<readonly ScoredRecord[]>, k = 60): ScoredRecord[] {
  const fused = new Map<string, { record: ScoredRecord; score: number }>();
  for (const list of lists) {
    list.forEach((record, index) => {
      const entry = fused.get(record.id) ?? { record, score: 0 };
      entry.score += 1 / (k + index + 1);
      fused.set(record.id, entry);
    });
  }
  return [...fused.values()]
    .sort((left, right) => right.score - left.score || compareRecordIds(left.record.id, right.record.id))
    .map(({ record, score }) => ({ ...record, score }));
}
