import type { VectorInput } from './normalize-vector.js';

/**
 * How an index scans: `exact` scores every float32 row with WebAssembly SIMD; `quantized` scans int8
 * codes first and rescores in float32 every row whose proven error bound lets it reach the top, so it
 * returns the same results as `exact` while reading about a quarter of the bytes.
 */
export type VectorIndexMode = 'exact' | 'quantized';

/** Options of `createVectorIndex`. */
export interface VectorIndexOptions {
  /** Length of every vector, 1 to 65,536. */
  readonly dimensions: number;
  /** Defaults to `exact`. */
  readonly mode?: VectorIndexMode;
}

/** One search result: the id and its cosine similarity to the query, in [-1, 1]. */
export interface VectorSearchHit {
  readonly id: string;
  readonly score: number;
}

/** How much work the last search did, in rows. */
export interface VectorSearchStats {
  /** Rows whose stored vector (float32 in `exact`, int8 in `quantized`) was read. */
  readonly scanned: number;
  /** Rows scored again in float32 after the int8 scan (always 0 in `exact`). */
  readonly rescored: number;
}

/** An in-memory index of unit vectors by id with exact top-k cosine search. */
export interface VectorIndex {
  readonly dimensions: number;
  readonly mode: VectorIndexMode;
  /** Number of vectors stored. */
  readonly size: number;
  /** The work done by the most recent `search`. */
  readonly lastSearch: VectorSearchStats;
  /** Stores a vector under an id, normalized to unit length, replacing any vector the id had. */
  upsert(id: string, vector: VectorInput): void;
  /** Removes an id; returns whether it was there. */
  delete(id: string): boolean;
  /**
   * The `top` ids most similar to the query (cosine similarity, highest first, equal scores by id), among
   * ids the filter accepts; the filter is asked only about ids that would make the top.
   */
  search(query: VectorInput, top: number, filter?: (id: string) => boolean): VectorSearchHit[];
  /** Bytes of WebAssembly memory each stored vector takes (rows and scratch; ids live on the JS heap). */
  bytesPerVector(): number;
}
