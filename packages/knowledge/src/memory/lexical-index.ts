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

/**
 * Creates an empty in-memory BM25 index. It holds each record in a numbered slot and each term's postings in one
 * typed array of 32-bit integers (slot, frequency, slot, frequency…), where a map per term keyed by record id
 * cost tens of bytes a posting. A removed record leaves its postings behind until they outnumber the live ones;
 * then every term's postings are compacted at once and the slots given out again.
 */
export function createLexicalIndex(): LexicalIndex {
  const termNumbers = new Map<string, number>();
  /**
   * By term number: its postings (slot, frequency, slot, frequency… in a typed array that doubles when full; the
   * first `used` values are postings), and how many are of live records (the term's document frequency).
   */
  const postings: Int32Array[] = [];
  const used: number[] = [];
  const frequencies: number[] = [];
  const slots = new Map<string, number>();
  /** By slot: the record's id (undefined once removed), its length in terms and its distinct term numbers. */
  const ids: Array<string | undefined> = [];
  const lengths: number[] = [];
  const termsOf: Array<Int32Array | undefined> = [];
  /** Slots whose postings are all gone, free for another record; slots removed since the last compaction. */
  const free: number[] = [];
  let removed: number[] = [];
  let livePostings = 0;
  let stalePostings = 0;
  let totalLength = 0;

  const remove = (id: string): void => {
    const slot = slots.get(id);
    if (slot === undefined) return;
    const terms = termsOf[slot] as Int32Array;
    for (const term of terms) frequencies[term] = (frequencies[term] as number) - 1;
    livePostings -= terms.length;
    stalePostings += terms.length;
    totalLength -= lengths[slot] as number;
    ids[slot] = undefined;
    termsOf[slot] = undefined;
    slots.delete(id);
    removed.push(slot);
    if (stalePostings > 1024 && stalePostings > livePostings) compact();
  };

  /** Drops the postings of removed records from every term, so their slots can be given out again. */
  const compact = (): void => {
    for (const [number, list] of postings.entries()) {
      const length = used[number] as number;
      let kept = 0;
      for (let at = 0; at < length; at += 2) {
        const slot = list[at] as number;
        if (ids[slot] === undefined) continue;
        list[kept++] = slot;
        list[kept++] = list[at + 1] as number;
      }
      used[number] = kept;
    }
    // One at a time: spreading 130,000 or more into `push` overflows the stack.
    for (const slot of removed) free.push(slot);
    removed = [];
    stalePostings = 0;
  };

  return {
    get size() {
      return slots.size;
    },
    set(id, terms) {
      remove(id);
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      const slot = free.pop() ?? ids.length;
      const numbers: number[] = [];
      for (const [term, count] of counts) {
        let number = termNumbers.get(term);
        if (number === undefined) {
          number = postings.length;
          termNumbers.set(term, number);
          postings.push(new Int32Array(2));
          used.push(0);
          frequencies.push(0);
        }
        let list = postings[number] as Int32Array;
        const at = used[number] as number;
        if (at === list.length) {
          const grown = new Int32Array(list.length * 2);
          grown.set(list);
          postings[number] = list = grown;
        }
        list[at] = slot;
        list[at + 1] = count;
        used[number] = at + 2;
        frequencies[number] = (frequencies[number] as number) + 1;
        numbers.push(number);
      }
      ids[slot] = id;
      lengths[slot] = terms.length;
      termsOf[slot] = Int32Array.from(numbers);
      slots.set(id, slot);
      livePostings += numbers.length;
      totalLength += terms.length;
    },
    delete: remove,
    search(terms, options) {
      const count = slots.size;
      if (count === 0 || options.top <= 0) return [];
      const averageLength = totalLength / count || 1;
      const scores = new Map<number, number>();
      for (const { term, weight } of terms) {
        const number = termNumbers.get(term);
        if (number === undefined) continue;
        const documents = frequencies[number] as number;
        if (documents === 0) continue;
        const idf = Math.log(1 + (count - documents + 0.5) / (documents + 0.5));
        const list = postings[number] as Int32Array;
        const length = used[number] as number;
        for (let at = 0; at < length; at += 2) {
          const slot = list[at] as number;
          if (ids[slot] === undefined) continue;
          const frequency = list[at + 1] as number;
          const norm = options.k1 * (1 - options.b + (options.b * (lengths[slot] as number)) / averageLength);
          const score = (weight * idf * frequency * (options.k1 + 1)) / (frequency + norm);
          scores.set(slot, (scores.get(slot) ?? 0) + score);
        }
      }
      const hits: LexicalHit[] = [];
      for (const [slot, score] of scores) {
        const id = ids[slot] as string;
        if (!options.filter || options.filter(id)) hits.push({ id, score });
      }
      hits.sort((left, right) => right.score - left.score || compareRecordIds(left.id, right.id));
      return hits.slice(0, options.top);
    },
  };
}
