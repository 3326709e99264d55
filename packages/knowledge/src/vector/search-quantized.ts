import type { F32Rows } from './f32-rows.js';
import type { Int8Rows } from './int8-rows.js';
import { selectTop } from './select-top.js';
import { type RankedRow, TopK } from './top-k.js';

/** What `searchQuantized` needs: both row stores, the ids and the request. */
export interface SearchQuantizedOptions {
  readonly exactRows: F32Rows;
  readonly codedRows: Int8Rows;
  readonly ids: readonly string[];
  readonly query: Float32Array;
  readonly top: number;
  readonly accept: ((row: number) => boolean) | undefined;
}

/**
 * Exact top-k through an int8 shortlist. Every exact score is within `margin` of its approximate one, so the
 * k best approximate rows all score at least `kth - margin` exactly, and any row of the exact top-k must
 * have an approximate score of at least `kth - 2 * margin`: exactly those rows are rescored in float32.
 */
export function searchQuantized(options: SearchQuantizedOptions): { ranked: RankedRow[]; rescored: number } {
  const { exactRows, codedRows, ids, query, top } = options;
  const count = ids.length;
  const { scores, margin } = codedRows.scoreAll(query, count);
  const accept = options.accept === undefined ? undefined : remember(options.accept, count);
  const shortlist = selectTop({ scores, top, ids, accept });
  const floor = shortlist.size < top ? Number.NEGATIVE_INFINITY : shortlist.threshold - 2 * margin;
  exactRows.setQuery(query);
  const best = new TopK(top, ids);
  let rescored = 0;
  for (let row = 0; row < count; row++) {
    if (scores[row]! < floor) continue;
    if (accept !== undefined && !accept(row)) continue;
    rescored++;
    best.offer(row, exactRows.score(row));
  }
  return { ranked: best.sorted(), rescored };
}

/** Wraps a row filter so each row is asked at most once per search (both passes may visit it). */
function remember(accept: (row: number) => boolean, count: number): (row: number) => boolean {
  const answers = new Uint8Array(count);
  return (row) => {
    const known = answers[row];
    if (known !== 0) return known === 1;
    const accepted = accept(row);
    answers[row] = accepted ? 1 : 2;
    return accepted;
  };
}
