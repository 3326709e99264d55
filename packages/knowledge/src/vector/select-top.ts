import { TopK } from './top-k.js';

/** What `selectTop` ranks. */
export interface SelectTopOptions {
  /** One score per row, row = index. */
  readonly scores: Float32Array;
  readonly top: number;
  /** The id of each row, for ordering equal scores. */
  readonly ids: readonly string[];
  /** Asked only for rows that would enter the current top; rows it rejects are skipped. */
  readonly accept?: ((row: number) => boolean) | undefined;
}

/** Picks the `top` best rows from a score array with a threshold heap: one pass, no sort of all rows. */
export function selectTop(options: SelectTopOptions): TopK {
  const { scores, ids, accept } = options;
  const best = new TopK(Math.min(options.top, scores.length), ids);
  const count = scores.length;
  for (let row = 0; row < count; row++) {
    const score = scores[row]!;
    if (score < best.threshold) continue;
    if (accept !== undefined && !accept(row)) continue;
    best.offer(row, score);
  }
  return best;
}
