import { compareRecordIds } from '../store/compare-record-ids.js';
import type { Bm25Parameters, QueryTerm } from '../store/knowledge-store.js';

/** One hit of a lexical search: a record id and its BM25 score. */
export interface LexicalHit {
  readonly id: string;
  readonly score: number;
}

/** An in-memory inverted index scored with Okapi BM25 (Lucene's idf), for one scope of records. */
export interface LexicalIndex {
  readonly size: number;
  /** Indexes a record's terms, replacing what the id had before. */
  set(id: string, terms: readonly string[]): void;
  delete(id: string): void;
  search(
    terms: readonly QueryTerm[],
    options: Bm25Parameters & { readonly top: number; readonly filter?: (id: string) => boolean },
  ): LexicalHit[];
}

/** Creates an empty in-memory BM25 index. */
export function createLexicalIndex(): LexicalIndex {
  const postings = new Map<string, Map<string, number>>();
  const documents = new Map<string, { readonly length: number; readonly terms: readonly string[] }>();
  let totalLength = 0;

  const remove = (id: string): void => {
    const existing = documents.get(id);
    if (!existing) return;
    for (const term of existing.terms) {
      const list = postings.get(term);
      list?.delete(id);
      if (list?.size === 0) postings.delete(term);
    }
    totalLength -= existing.length;
    documents.delete(id);
  };

  return {
    get size() {
      return documents.size;
    },
    set(id, terms) {
      remove(id);
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) {
        const list = postings.get(term);
        if (list) list.set(id, count);
        else postings.set(term, new Map([[id, count]]));
      }
      documents.set(id, { length: terms.length, terms: [...counts.keys()] });
      totalLength += terms.length;
    },
    delete: remove,
    search(terms, options) {
      const count = documents.size;
      if (count === 0 || options.top <= 0) return [];
      const averageLength = totalLength / count || 1;
      const scores = new Map<string, number>();
      for (const { term, weight } of terms) {
        const list = postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
        for (const [id, frequency] of list) {
          const length = documents.get(id)!.length;
          const norm = options.k1 * (1 - options.b + (options.b * length) / averageLength);
          const score = (weight * idf * frequency * (options.k1 + 1)) / (frequency + norm);
          scores.set(id, (scores.get(id) ?? 0) + score);
        }
      }
      const hits: LexicalHit[] = [];
      for (const [id, score] of scores) {
        if (!options.filter || options.filter(id)) hits.push({ id, score });
      }
      hits.sort((left, right) => right.score - left.score || compareRecordIds(left.id, right.id));
      return hits.slice(0, options.top);
    },
  };
}
