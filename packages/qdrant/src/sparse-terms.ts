import type { QueryTerm } from '@opwire/knowledge';

/** A Qdrant sparse vector: unique indices and their values. */
export interface SparseVector {
  readonly indices: number[];
  readonly values: number[];
}

const encoder = new TextEncoder();

/** A term's sparse index: 32-bit FNV-1a of its UTF-8 bytes (stored data depends on it: never change it). */
export function termIndex(term: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(term)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const toVector = (weights: ReadonlyMap<number, number>): SparseVector => {
  const indices = [...weights.keys()].sort((left, right) => left - right);
  return { indices, values: indices.map((index) => weights.get(index)!) };
};

/** How a chunk's term frequencies become BM25 weights: saturation and length normalisation, fixed at write. */
export interface TermWeighting {
  readonly k1: number;
  readonly b: number;
  readonly averageTerms: number;
}

/**
 * A chunk's sparse vector: each term's BM25 term-frequency factor `tf (k1 + 1) / (tf + k1 (1 − b + b len / avg))`.
 * Qdrant multiplies it by the query's IDF-weighted value, so a search scores Σ weight · idf · factor.
 */
export function chunkVector(terms: readonly string[], weighting: TermWeighting): SparseVector {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const index = termIndex(term);
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  const norm = weighting.k1 * (1 - weighting.b + (weighting.b * terms.length) / weighting.averageTerms);
  const factors = new Map<number, number>();
  for (const [index, count] of counts) factors.set(index, (count * (weighting.k1 + 1)) / (count + norm));
  return toVector(factors);
}

/** A query's sparse vector: each term's weight (how often it occurs in the question). */
export function queryVector(terms: readonly QueryTerm[]): SparseVector {
  const weights = new Map<number, number>();
  for (const { term, weight } of terms) {
    const index = termIndex(term);
    weights.set(index, (weights.get(index) ?? 0) + weight);
  }
  return toVector(weights);
}
