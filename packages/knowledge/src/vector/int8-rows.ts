import { quantizeSymmetric, vectorLength } from './quantize.js';
import { WasmRowArena } from './wasm-row-arena.js';

/**
 * int8 codes of the normalized rows with one float32 scale each, scanned by the SIMD kernel for
 * approximate scores, plus the bound that tells how far an approximate score can be from the exact one.
 */
export class Int8Rows {
  readonly arena: WasmRowArena;
  private readonly codeBytes: number;
  private readonly queryRange: number;
  private readonly roundingSlack: number;
  /** The largest reconstruction error of any row stored since the index was last empty. */
  private largestRowError = 0;

  constructor(dimensions: number) {
    this.codeBytes = Math.ceil(dimensions / 32) * 32;
    // Row: codes, then the f32 scale, padded to keep every row 16-byte aligned.
    this.arena = new WasmRowArena({
      rowBytes: this.codeBytes + 16,
      queryBytes: this.codeBytes * 2,
      dimensions,
    });
    // Keeps the kernel's i32 sums from overflowing: |sum| <= 127 * queryRange * codeBytes < 2^31.
    this.queryRange = Math.min(32_767, Math.floor((2 ** 31 - 1) / (127 * this.codeBytes)));
    // Covers float32 rounding in the exact kernel (a sum of `dimensions` products) and in the approximate score.
    this.roundingSlack = (dimensions + 16) * 2 ** -23;
  }

  /** Quantizes a normalized vector into a row. */
  write(row: number, normalized: Float32Array): void {
    const offset = this.arena.rowOffset(row);
    // The row may sit where the score scratch area was before the memory grew: clear the padding too.
    this.arena.bytes.fill(0, offset, offset + this.arena.rowBytes);
    const codes = new Int8Array(this.arena.bytes.buffer, offset, normalized.length);
    const { scale, errorNorm } = quantizeSymmetric(normalized, codes, 127);
    this.arena.floats[(offset + this.codeBytes) / 4] = scale;
    this.largestRowError = Math.max(this.largestRowError, errorNorm);
  }

  /** Forgets the error bound of deleted rows once none are left. */
  clearedAll(): void {
    this.largestRowError = 0;
  }

  /**
   * Scores the first `count` rows approximately against a normalized query and returns the scores with the
   * margin: every exact score lies within `margin` of its approximate one.
   */
  scoreAll(normalized: Float32Array, count: number): { scores: Float32Array; margin: number } {
    const { arena } = this;
    const codes = new Int16Array(arena.bytes.buffer, arena.queryOffset, normalized.length);
    const query = quantizeSymmetric(normalized, codes, this.queryRange);
    arena.kernel.scanI8(
      arena.queryOffset,
      arena.rowsOffset,
      count,
      this.codeBytes,
      this.arena.rowBytes,
      query.scale,
      arena.scoresOffset,
    );
    // x·y − x̂·ŷ = x̂·(y − ŷ) + (x − x̂)·y, so |difference| ≤ ‖x̂‖·‖y − ŷ‖ + ‖x − x̂‖·‖y‖.
    const rowError = this.largestRowError;
    const margin =
      (1 + rowError) * query.errorNorm +
      rowError * vectorLength(normalized) * (1 + 1e-9) +
      this.roundingSlack;
    return { scores: arena.floats.subarray(arena.scoresOffset / 4, arena.scoresOffset / 4 + count), margin };
  }
}
