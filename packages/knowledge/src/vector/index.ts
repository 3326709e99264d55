/** Creates an in-memory vector index with exact cosine top-k search over WebAssembly SIMD. */
export { createVectorIndex } from './create-vector-index.js';
/** A vector as the index accepts it: a `Float32Array` or an array of numbers. */
export type { VectorInput } from './normalize-vector.js';
/** The vector index's error codes (`VECTOR_DIMENSION_MISMATCH`, `INVALID_VECTOR`, `VECTOR_INDEX_FULL`). */
export { vectorErrors } from './vector-errors.js';
export type {
  /** An in-memory index of unit vectors by id with exact top-k cosine search. */
  VectorIndex,
  /** How an index scans: float32 (`exact`) or int8 shortlist with exact rescoring (`quantized`). */
  VectorIndexMode,
  /** Options of `createVectorIndex`. */
  VectorIndexOptions,
  /** One search result: id and cosine similarity. */
  VectorSearchHit,
  /** How much work the last search did. */
  VectorSearchStats,
} from './vector-index.js';
