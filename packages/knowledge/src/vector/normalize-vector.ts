import { vectorErrors } from './vector-errors.js';

/** A vector as callers pass it: a `Float32Array` or a plain array of numbers. */
export type VectorInput = Float32Array | readonly number[];

/** What `normalizeVector` checks a vector against and names it in errors. */
export interface NormalizeVectorOptions {
  readonly dimensions: number;
  /** The name the error reports, such as `vector` or `query`. */
  readonly field: string;
}

/**
 * Checks a vector's length and values and returns it scaled to unit length as a new `Float32Array`;
 * throws `VECTOR_DIMENSION_MISMATCH` or `INVALID_VECTOR` without touching anything else.
 */
export function normalizeVector(vector: VectorInput, options: NormalizeVectorOptions): Float32Array {
  const { dimensions, field } = options;
  if (!(vector instanceof Float32Array) && !Array.isArray(vector)) {
    throw vectorErrors.INVALID_VECTOR({
      field,
      params: { reason: 'expected a Float32Array or an array of numbers' },
    });
  }
  if (vector.length !== dimensions) {
    throw vectorErrors.VECTOR_DIMENSION_MISMATCH({
      field,
      params: { actual: vector.length, expected: dimensions },
      data: { actual: vector.length, expected: dimensions },
    });
  }
  let largest = 0;
  for (let index = 0; index < dimensions; index++) {
    const value = vector[index];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw vectorErrors.INVALID_VECTOR({
        field,
        params: { reason: `component ${index} is ${String(value)}, not a finite number` },
      });
    }
    largest = Math.max(largest, Math.abs(value));
  }
  if (largest === 0) {
    throw vectorErrors.INVALID_VECTOR({
      field,
      params: { reason: 'all components are zero, so it has no direction to compare' },
    });
  }
  // Dividing by the largest component first keeps the sum of squares finite for huge or tiny values.
  let sumOfSquares = 0;
  for (let index = 0; index < dimensions; index++) {
    const scaled = (vector[index] as number) / largest;
    sumOfSquares += scaled * scaled;
  }
  const length = largest * Math.sqrt(sumOfSquares);
  const normalized = new Float32Array(dimensions);
  for (let index = 0; index < dimensions; index++) {
    normalized[index] = (vector[index] as number) / length;
  }
  return normalized;
}
