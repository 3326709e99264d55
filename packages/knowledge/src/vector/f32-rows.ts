import { WasmRowArena } from './wasm-row-arena.js';

/** Normalized float32 rows, padded to a multiple of four components, scored by the SIMD kernel. */
export class F32Rows {
  readonly arena: WasmRowArena;
  private readonly strideBytes: number;

  constructor(dimensions: number) {
    this.strideBytes = Math.ceil(dimensions / 4) * 16;
    this.arena = new WasmRowArena({ rowBytes: this.strideBytes, queryBytes: this.strideBytes, dimensions });
  }

  /** Stores a normalized vector in a row (padding stays zero, so it never changes a dot product). */
  write(row: number, normalized: Float32Array): void {
    const offset = this.arena.rowOffset(row);
    // The row may sit where the score scratch area was before the memory grew: clear the padding too.
    this.arena.bytes.fill(0, offset, offset + this.strideBytes);
    this.arena.floats.set(normalized, offset / 4);
  }

  /** Loads the normalized query that `scoreAll` and `score` compare against. */
  setQuery(normalized: Float32Array): void {
    this.arena.floats.set(normalized, this.arena.queryOffset / 4);
  }

  /** Scores the first `count` rows against the query; the view is valid until the next write or search. */
  scoreAll(count: number): Float32Array {
    const { arena } = this;
    arena.kernel.scanF32(arena.queryOffset, arena.rowsOffset, count, this.strideBytes, arena.scoresOffset);
    return arena.floats.subarray(arena.scoresOffset / 4, arena.scoresOffset / 4 + count);
  }

  /** Scores one row against the query, bit for bit as `scoreAll` would. */
  score(row: number): number {
    const { arena } = this;
    return arena.kernel.dotF32(arena.queryOffset, arena.rowOffset(row), this.strideBytes);
  }

  /** Reads a row back (normalized), for inspection and tests. */
  read(row: number, dimensions: number): Float32Array {
    const start = this.arena.rowOffset(row) / 4;
    return this.arena.floats.slice(start, start + dimensions);
  }
}
