/** The scale of a quantized vector and how far its codes are from the original values. */
export interface Quantization {
  /** A float32 value: `scale * code` reconstructs each component. */
  readonly scale: number;
  /** An upper bound on the Euclidean length of `values - scale * codes`. */
  readonly errorNorm: number;
}

/**
 * Writes symmetric integer codes in `[-levels, levels]` for `values` into `target` (one per component, the
 * rest left as they are) and returns the float32 scale and a bound on the reconstruction error's length.
 */
export function quantizeSymmetric(
  values: Float32Array,
  target: Int8Array | Int16Array,
  levels: number,
): Quantization {
  let largest = 0;
  for (let index = 0; index < values.length; index++) {
    largest = Math.max(largest, Math.abs(values[index]!));
  }
  // The kernel multiplies by the float32 scale, so the error is measured against that same scale.
  const scale = Math.fround(largest / levels);
  let errorSquares = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    const code = scale === 0 ? 0 : Math.max(-levels, Math.min(levels, Math.round(value / scale)));
    target[index] = code;
    const error = value - scale * code;
    errorSquares += error * error;
  }
  // A relative nudge upward covers the rounding of the double-precision sum itself.
  return { scale, errorNorm: Math.sqrt(errorSquares) * (1 + 1e-9) };
}

/** The Euclidean length of a vector, summed in double precision. */
export function vectorLength(values: Float32Array): number {
  let squares = 0;
  for (let index = 0; index < values.length; index++) {
    squares += values[index]! * values[index]!;
  }
  return Math.sqrt(squares);
}
