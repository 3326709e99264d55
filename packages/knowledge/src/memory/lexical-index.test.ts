import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRecordIds } from '../store/compare-record-ids.js';
import type { QueryTerm } from '../store/knowledge-store.js';
import { createLexicalIndex, type LexicalHit } from './lexical-index.js';

/** BM25 as written in the books, over the records as they stand: what the index must answer, score for score. */
function bm25(
  records: ReadonlyMap<string, readonly string[]>,
  terms: readonly QueryTerm[],
  top: number,
): LexicalHit[] {
  const k1 = 1.2;
  const b = 0.75;
  const count = records.size;
  if (count === 0 || top <= 0) return [];
  let total = 0;
  for (const recordTerms of records.values()) total += recordTerms.length;
  const averageLength = total / count || 1;
  const scores = new Map<string, number>();
  for (const { term, weight } of terms) {
    const holders = [...records].filter(([, recordTerms]) => recordTerms.includes(term));
    if (holders.length === 0) continue;
    const idf = Math.log(1 + (count - holders.length + 0.5) / (holders.length + 0.5));
    for (const [id, recordTerms] of holders) {
      const frequency = recordTerms.filter((each) => each === term).length;
      const norm = k1 * (1 - b + (b * recordTerms.length) / averageLength);
      scores.set(id, (scores.get(id) ?? 0) + (weight * idf * frequency * (k1 + 1)) / (frequency + norm));
    }
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((left, right) => right.score - left.score || compareRecordIds(left.id, right.id))
    .slice(0, top);
}

describe('createLexicalIndex', () => {
  const term = fc.constantFrom('退货', '运费', 'returns', 'days', 'card', '30', 'x');
  const id = fc.constantFrom('a#0', 'a#1', 'b#0', 'c#0', 'd#0', 'e#0');
  const operation = fc.oneof(
    fc.record({ set: id, terms: fc.array(term, { maxLength: 8 }) }),
    fc.record({ delete: id }),
  );

  it('scores like BM25 over the records as they stand, through any writes, replaces and removals', () => {
    fc.assert(
      fc.property(
        // Enough operations that removed records' postings pile up past the live ones and are compacted.
        fc.array(operation, { maxLength: 3000, size: 'max' }),
        fc.array(fc.record({ term, weight: fc.constantFrom(1, 0.5, 2) }), { minLength: 1, maxLength: 4 }),
        (operations, query) => {
          const index = createLexicalIndex();
          const records = new Map<string, readonly string[]>();
          for (const each of operations) {
            if ('set' in each) {
              index.set(each.set, each.terms);
              records.set(each.set, each.terms);
            } else {
              index.delete(each.delete);
              records.delete(each.delete);
            }
          }
          expect(index.size).toBe(records.size);
          expect(index.search(query, { k1: 1.2, b: 0.75, top: 10 })).toEqual(bm25(records, query, 10));
        },
      ),
      // A failing run of thousands of operations would take minutes to shrink: report it as found.
      { numRuns: 300, endOnFailure: true },
    );
  });

  it('gives a removed record no score, before and after its postings are compacted away', () => {
    const index = createLexicalIndex();
    const query = [{ term: 'returns', weight: 1 }];
    index.set('keep#0', ['returns', 'days']);
    // Thousands of records written and removed: their postings outnumber the live ones, and are compacted.
    for (let round = 0; round < 2000; round++) {
      index.set(`gone#${round}`, ['returns', 'card']);
      index.delete(`gone#${round}`);
    }
    expect(index.size).toBe(1);
    expect(index.search(query, { k1: 1.2, b: 0.75, top: 10 }).map((hit) => hit.id)).toEqual(['keep#0']);
    // Slots given out again after the compaction hold their new records' terms only.
    index.set('new#0', ['days']);
    const idsOf = (term: string) =>
      index.search([{ term, weight: 1 }], { k1: 1.2, b: 0.75, top: 10 }).map((hit) => hit.id);
    expect(idsOf('returns')).toEqual(['keep#0']);
    expect(idsOf('card')).toEqual([]);
    expect(idsOf('days')).toEqual(['new#0', 'keep#0']);
  });

  it('removes most of 300,000 records, compacting once past 130,000 removed, and keeps the rest', () => {
    const index = createLexicalIndex();
    for (let record = 0; record < 300_000; record++) index.set(`r#${record}`, ['returns']);
    for (let record = 0; record < 299_990; record++) index.delete(`r#${record}`);
    expect(index.size).toBe(10);
    const hits = index.search([{ term: 'returns', weight: 1 }], { k1: 1.2, b: 0.75, top: 20 });
    expect(hits.map((hit) => hit.id).sort()).toEqual(
      Array.from({ length: 10 }, (_, offset) => `r#${299_990 + offset}`).sort(),
    );
  });
});
