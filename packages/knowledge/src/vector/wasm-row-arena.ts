import { vectorErrors } from './vector-errors.js';
import { instantiateKernel, type KernelInstance } from './wasm-kernel.js';

const pageBytes = 65_536;
// One page short of 4 GiB, so that no address or end-of-range the kernel computes wraps around 32 bits.
const maximumPages = 65_535;

/** The shape of an arena's rows and of the query it keeps beside them. */
export interface WasmRowArenaOptions {
  readonly rowBytes: number;
  readonly queryBytes: number;
  /** Reported in the error when the arena cannot grow. */
  readonly dimensions: number;
}

/**
 * Fixed-size rows in one growing WebAssembly memory of its own kernel instance, laid out as
 * `[query][row 0 … row capacity-1][one f32 score per row]`: rows stay in place when the memory grows,
 * and only the score scratch area, which holds nothing between searches, moves to the new end.
 */
export class WasmRowArena {
  readonly kernel: KernelInstance = instantiateKernel();
  readonly rowBytes: number;
  readonly queryOffset = 0;
  readonly rowsOffset: number;
  private readonly dimensions: number;
  private rowCapacity = 0;
  private scoreOffset: number;
  private byteView: Uint8Array;
  private floatView: Float32Array;

  constructor(options: WasmRowArenaOptions) {
    this.rowBytes = options.rowBytes;
    this.dimensions = options.dimensions;
    this.rowsOffset = Math.ceil(options.queryBytes / 64) * 64;
    this.scoreOffset = this.rowsOffset;
    this.byteView = new Uint8Array(this.kernel.memory.buffer);
    this.floatView = new Float32Array(this.kernel.memory.buffer);
  }

  /** The whole memory as bytes; replaced when the memory grows, so read it again after `ensureCapacity`. */
  get bytes(): Uint8Array {
    return this.byteView;
  }

  /** The whole memory as float32 values (index = byte offset / 4). */
  get floats(): Float32Array {
    return this.floatView;
  }

  /** The byte offset of the score scratch area: one f32 per row. */
  get scoresOffset(): number {
    return this.scoreOffset;
  }

  /** Bytes this arena spends on each row: the row itself and its score slot. */
  get bytesPerRow(): number {
    return this.rowBytes + 4;
  }

  /** The byte offset of a row. */
  rowOffset(row: number): number {
    return this.rowsOffset + row * this.rowBytes;
  }

  /** Makes room for `rows` rows, doubling the capacity; throws `VECTOR_INDEX_FULL` when 4 GiB would not do. */
  ensureCapacity(rows: number): void {
    if (rows <= this.rowCapacity) return;
    const doubled = Math.max(rows, this.rowCapacity * 2, 64);
    let pages = Math.ceil(this.requiredBytes(doubled) / pageBytes);
    if (pages > maximumPages) pages = Math.ceil(this.requiredBytes(rows) / pageBytes);
    if (pages > maximumPages) {
      throw vectorErrors.VECTOR_INDEX_FULL({
        params: { requested: rows, dimensions: this.dimensions },
      });
    }
    const currentPages = this.kernel.memory.buffer.byteLength / pageBytes;
    if (pages > currentPages) {
      try {
        this.kernel.memory.grow(pages - currentPages);
      } catch (error) {
        throw vectorErrors.VECTOR_INDEX_FULL({
          params: { requested: rows, dimensions: this.dimensions },
          cause: error,
        });
      }
    }
    const totalBytes = this.kernel.memory.buffer.byteLength;
    this.rowCapacity = Math.floor((totalBytes - this.rowsOffset) / this.bytesPerRow);
    this.scoreOffset = this.rowsOffset + this.rowCapacity * this.rowBytes;
    this.byteView = new Uint8Array(this.kernel.memory.buffer);
    this.floatView = new Float32Array(this.kernel.memory.buffer);
  }

  /** Copies one row over another (used to fill the hole a deleted row leaves). */
  moveRow(from: number, to: number): void {
    const source = this.rowOffset(from);
    this.byteView.copyWithin(this.rowOffset(to), source, source + this.rowBytes);
  }

  private requiredBytes(rows: number): number {
    return this.rowsOffset + rows * this.bytesPerRow;
  }
}
