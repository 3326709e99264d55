import { coreErrors } from '@opwire/core';
import { F32Rows } from './f32-rows.js';
import { Int8Rows } from './int8-rows.js';
import { normalizeVector, type VectorInput } from './normalize-vector.js';
import { searchQuantized } from './search-quantized.js';
import { selectTop } from './select-top.js';
import type { RankedRow } from './top-k.js';
import type {
  VectorIndex,
  VectorIndexMode,
  VectorIndexOptions,
  VectorSearchHit,
  VectorSearchStats,
} from './vector-index.js';

const maximumDimensions = 65_536;

/** Creates an empty in-memory vector index with exact cosine top-k search (see `VectorIndexMode`). */
export function createVectorIndex(options: VectorIndexOptions): VectorIndex {
  const { dimensions, mode = 'exact' } = options;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > maximumDimensions) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: `vector dimensions must be an integer from 1 to ${maximumDimensions}, got ${dimensions}`,
      },
    });
  }
  if (mode !== 'exact' && mode !== 'quantized') {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `vector index mode must be "exact" or "quantized", got "${String(mode)}"` },
    });
  }
  return new WasmVectorIndex(dimensions, mode);
}

class WasmVectorIndex implements VectorIndex {
  lastSearch: VectorSearchStats = { scanned: 0, rescored: 0 };
  private readonly ids: string[] = [];
  private readonly rowOf = new Map<string, number>();
  private readonly exactRows: F32Rows;
  private readonly codedRows: Int8Rows | undefined;

  constructor(
    readonly dimensions: number,
    readonly mode: VectorIndexMode,
  ) {
    this.exactRows = new F32Rows(dimensions);
    this.codedRows = mode === 'quantized' ? new Int8Rows(dimensions) : undefined;
  }

  get size(): number {
    return this.ids.length;
  }

  upsert(id: string, vector: VectorInput): void {
    if (typeof id !== 'string') {
      throw coreErrors.WRONG_TYPE({ field: 'id', params: { expected: 'a string' } });
    }
    const normalized = normalizeVector(vector, { dimensions: this.dimensions, field: 'vector' });
    let row = this.rowOf.get(id);
    if (row === undefined) {
      row = this.ids.length;
      // Grow both stores before recording the id, so a failure to grow leaves the index as it was.
      this.exactRows.arena.ensureCapacity(row + 1);
      this.codedRows?.arena.ensureCapacity(row + 1);
      this.ids.push(id);
      this.rowOf.set(id, row);
    }
    this.exactRows.write(row, normalized);
    this.codedRows?.write(row, normalized);
  }

  delete(id: string): boolean {
    const row = this.rowOf.get(id);
    if (row === undefined) return false;
    const last = this.ids.length - 1;
    if (row !== last) {
      const movedId = this.ids[last]!;
      this.exactRows.arena.moveRow(last, row);
      this.codedRows?.arena.moveRow(last, row);
      this.ids[row] = movedId;
      this.rowOf.set(movedId, row);
    }
    this.ids.pop();
    this.rowOf.delete(id);
    if (this.ids.length === 0) this.codedRows?.clearedAll();
    return true;
  }

  search(query: VectorInput, top: number, filter?: (id: string) => boolean): VectorSearchHit[] {
    const normalized = normalizeVector(query, { dimensions: this.dimensions, field: 'query' });
    if (!Number.isInteger(top) || top < 0) {
      throw coreErrors.OUT_OF_RANGE({
        field: 'top',
        params: { expected: 'an integer of 0 or more' },
      });
    }
    if (filter !== undefined && typeof filter !== 'function') {
      throw coreErrors.WRONG_TYPE({ field: 'filter', params: { expected: 'a function' } });
    }
    const count = this.ids.length;
    const k = Math.min(top, count);
    if (k === 0) {
      this.lastSearch = { scanned: 0, rescored: 0 };
      return [];
    }
    const { ids } = this;
    const accept = filter === undefined ? undefined : (row: number) => Boolean(filter(ids[row]!));
    let ranked: RankedRow[];
    if (this.codedRows === undefined) {
      this.exactRows.setQuery(normalized);
      const scores = this.exactRows.scoreAll(count);
      ranked = selectTop({ scores, top: k, ids, accept }).sorted();
      this.lastSearch = { scanned: count, rescored: 0 };
    } else {
      const { exactRows, codedRows } = this;
      const result = searchQuantized({ exactRows, codedRows, ids, query: normalized, top: k, accept });
      ranked = result.ranked;
      this.lastSearch = { scanned: count, rescored: result.rescored };
    }
    return ranked.map(({ row, score }) => ({ id: ids[row]!, score }));
  }

  bytesPerVector(): number {
    return this.exactRows.arena.bytesPerRow + (this.codedRows?.arena.bytesPerRow ?? 0);
  }
}
