import { describe, expect, it } from 'vitest';
import { quantizeSymmetric, vectorLength } from './quantize.js';
import { createRandomVectors } from './random-vectors.js';

describe('quantizeSymmetric', () => {
  it('maps the largest component to ±levels and bounds the reconstruction error', () => {
    const random = createRandomVectors(1);
    for (let trial = 0; trial < 50; trial++) {
      const values = random.gaussian(97);
      const codes = new Int8Array(97);
      const { scale, errorNorm } = quantizeSymmetric(values, codes, 127);
      expect(scale).toBe(Math.fround(scale));
      expect(Math.max(...Array.from(codes, Math.abs))).toBe(127);
      let squares = 0;
      values.forEach((value, index) => {
        const error = value - scale * codes[index]!;
        expect(Math.abs(error)).toBeLessThanOrEqual(scale / 2 + 1e-12);
        squares += error * error;
      });
      expect(errorNorm).toBeGreaterThanOrEqual(Math.sqrt(squares));
      expect(errorNorm).toBeLessThan(Math.sqrt(squares) * 1.000001 + 1e-12);
    }
  });

  it('writes wider codes into an Int16Array and all zeros for a zero vector', () => {
    const codes = new Int16Array(3);
    expect(quantizeSymmetric(new Float32Array([0.5, -0.25, 0]), codes, 1000).scale).toBe(Math.fround(0.0005));
    expect(Array.from(codes)).toEqual([1000, -500, 0]);
    const zero = quantizeSymmetric(new Float32Array(2), codes, 127);
    expect(zero).toEqual({ scale: 0, errorNorm: 0 });
  });

  it('measures vector length in double precision', () => {
    expect(vectorLength(new Float32Array([3, 4]))).toBe(5);
  });
});
