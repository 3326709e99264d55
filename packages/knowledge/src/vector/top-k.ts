import { compareRecordIds } from '../store/compare-record-ids.js';

/** One selected row and its score. */
export interface RankedRow {
  readonly row: number;
  readonly score: number;
}

/**
 * Keeps the `k` best rows seen so far in a min-heap whose root is the worst kept row. Higher scores win;
 * equal scores are ordered by id, ascending in code-point order, so results do not depend on where a row happens to be stored.
 */
export class TopK {
  /** Scores below this cannot enter; `-Infinity` until `k` rows are kept. Read it in the hot loop. */
  threshold = Number.NEGATIVE_INFINITY;
  private readonly rows: Int32Array;
  private readonly scores: Float64Array;
  private length = 0;

  constructor(
    private readonly k: number,
    private readonly ids: readonly string[],
  ) {
    this.rows = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** How many rows are kept. */
  get size(): number {
    return this.length;
  }

  /** Offers a row; it is kept when the heap has room or it beats the worst kept row. */
  offer(row: number, score: number): void {
    if (this.k === 0) return;
    if (this.length < this.k) {
      this.rows[this.length] = row;
      this.scores[this.length] = score;
      this.length++;
      this.siftUp(this.length - 1);
      if (this.length === this.k) this.threshold = this.scores[0]!;
      return;
    }
    if (!this.isWorse(this.rows[0]!, this.scores[0]!, row, score)) return;
    this.rows[0] = row;
    this.scores[0] = score;
    this.siftDown(0);
    this.threshold = this.scores[0]!;
  }

  /** The kept rows, best first. */
  sorted(): RankedRow[] {
    const ranked: RankedRow[] = [];
    for (let index = 0; index < this.length; index++) {
      ranked.push({ row: this.rows[index]!, score: this.scores[index]! });
    }
    return ranked.sort((left, right) =>
      this.isWorse(left.row, left.score, right.row, right.score) ? 1 : -1,
    );
  }

  /** Whether row a ranks below row b. */
  private isWorse(rowA: number, scoreA: number, rowB: number, scoreB: number): boolean {
    if (scoreA !== scoreB) return scoreA < scoreB;
    return compareRecordIds(this.ids[rowA]!, this.ids[rowB]!) > 0;
  }

  private siftUp(start: number): void {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.isWorse(this.rows[child]!, this.scores[child]!, this.rows[parent]!, this.scores[parent]!))
        return;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(start: number): void {
    let parent = start;
    for (;;) {
      let worst = parent;
      for (const child of [2 * parent + 1, 2 * parent + 2]) {
        if (
          child < this.length &&
          this.isWorse(this.rows[child]!, this.scores[child]!, this.rows[worst]!, this.scores[worst]!)
        ) {
          worst = child;
        }
      }
      if (worst === parent) return;
      this.swap(parent, worst);
      parent = worst;
    }
  }

  private swap(left: number, right: number): void {
    const row = this.rows[left]!;
    const score = this.scores[left]!;
    this.rows[left] = this.rows[right]!;
    this.scores[left] = this.scores[right]!;
    this.rows[right] = row;
    this.scores[right] = score;
  }
}
