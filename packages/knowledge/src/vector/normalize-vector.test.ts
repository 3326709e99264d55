import { describeError, isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { normalizeVector } from './normalize-vector.js';

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('normalizeVector', () => {
  it('scales a vector to unit length without changing its direction', () => {
    const normalized = normalizeVector([3, 0, -4], { dimensions: 3, field: 'vector' });
    expect(Array.from(normalized)).toEqual([Math.fround(0.6), 0, Math.fround(-0.8)]);
  });

  it('keeps huge and tiny vectors finite', () => {
    expect(Array.from(normalizeVector([1e300, 1e300], { dimensions: 2, field: 'v' }))).toEqual([
      Math.fround(Math.SQRT1_2),
      Math.fround(Math.SQRT1_2),
    ]);
    expect(normalizeVector(new Float32Array([1e-40, 0]), { dimensions: 2, field: 'v' })[0]).toBe(1);
  });

  it('names the field and both lengths when the dimensions differ', () => {
    const error = thrown(() => normalizeVector([1, 2], { dimensions: 3, field: 'query' }));
    expect(isOpwireError(error) && describeError(error, 'en')).toEqual({
      code: 'VECTOR_DIMENSION_MISMATCH',
      kind: 'invalid',
      message: 'Vector "query" has 2 dimensions; the index expects 3.',
      field: 'query',
      data: { actual: 2, expected: 3 },
    });
  });

  it.each([
    [[1, Number.POSITIVE_INFINITY], 'component 1 is Infinity, not a finite number'],
    [[Number.NaN, 1], 'component 0 is NaN, not a finite number'],
    [[1, '2'], 'component 1 is 2, not a finite number'],
    [[0, 0], 'all components are zero, so it has no direction to compare'],
  ])('rejects %j as INVALID_VECTOR', (vector, reason) => {
    const error = thrown(() => normalizeVector(vector as number[], { dimensions: 2, field: 'vector' }));
    expect(isOpwireError(error) && error.code).toBe('INVALID_VECTOR');
    expect(isOpwireError(error) && error.message).toBe(`Vector "vector" is invalid: ${reason}.`);
  });
});
