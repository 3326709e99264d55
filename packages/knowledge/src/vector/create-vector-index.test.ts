import { isOpwireError } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { bruteForceSearch } from './brute-force-search.js';
import { createVectorIndex } from './create-vector-index.js';
import { createRandomVectors } from './random-vectors.js';
import type { VectorIndexMode, VectorSearchHit } from './vector-index.js';

function expectSameHits(actual: VectorSearchHit[], expected: VectorSearchHit[]): void {
  expect(actual.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id));
  actual.forEach((hit, index) => {
    expect(Math.abs(hit.score - expected[index]!.score)).toBeLessThan(1e-5);
  });
}

function expectCode(action: () => unknown, code: string): void {
  try {
    action();
  } catch (error) {
    expect(isOpwireError(error) && error.code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}, nothing was thrown`);
}

function fill(mode: VectorIndexMode, dimensions: number, count: number, seed: number) {
  const random = createRandomVectors(seed);
  const index = createVectorIndex({ dimensions, mode });
  const vectors = new Map<string, Float32Array>();
  for (let row = 0; row < count; row++) {
    const id = `doc-${row}`;
    const vector = random.gaussian(dimensions);
    index.upsert(id, vector);
    vectors.set(id, vector);
  }
  return { index, vectors, random };
}

describe.each(['exact', 'quantized'] as const)('createVectorIndex (%s)', (mode) => {
  it.each([384, 100, 7, 1])('returns the brute-force top 10 for %i dimensions', (dimensions) => {
    const { index, vectors, random } = fill(mode, dimensions, 3000, dimensions);
    for (let queryNumber = 0; queryNumber < 20; queryNumber++) {
      const query = random.gaussian(dimensions);
      expectSameHits(index.search(query, 10), bruteForceSearch({ vectors, query, top: 10 }));
    }
  });

  it('finds near-duplicates in clustered data and ranks exact ties by id', () => {
    const random = createRandomVectors(7);
    const index = createVectorIndex({ dimensions: 64, mode });
    const vectors = new Map<string, number[]>();
    const centre = random.gaussian(64);
    for (let row = 0; row < 500; row++) {
      const noise = random.gaussian(64);
      const vector = Array.from(centre, (value, position) => value + 0.05 * noise[position]!);
      vectors.set(`near-${row}`, vector);
      index.upsert(`near-${row}`, vector);
    }
    index.upsert('twin-b', [...centre]);
    index.upsert(
      'twin-a',
      centre.map((value) => value * 2),
    );
    vectors.set('twin-b', [...centre]).set('twin-a', [...centre]);
    const hits = index.search(centre, 12);
    expect(hits.slice(0, 2).map((hit) => hit.id)).toEqual(['twin-a', 'twin-b']);
    expect(hits[0]!.score).toBeCloseTo(1, 5);
    expectSameHits(hits, bruteForceSearch({ vectors, query: centre, top: 12 }));
  });

  it('stays exact when int8 codes are coarse because one component dominates every vector', () => {
    const random = createRandomVectors(13);
    const index = createVectorIndex({ dimensions: 64, mode });
    const vectors = new Map<string, Float32Array>();
    for (let row = 0; row < 3000; row++) {
      const vector = random.gaussian(64);
      vector[0] = 40;
      vectors.set(`doc-${row}`, vector);
      index.upsert(`doc-${row}`, vector);
    }
    for (let queryNumber = 0; queryNumber < 10; queryNumber++) {
      const query = random.gaussian(64);
      query[0] = 0;
      expectSameHits(index.search(query, 10), bruteForceSearch({ vectors, query, top: 10 }));
    }
  });

  it('stays correct while searches and upserts interleave across memory growth', () => {
    const random = createRandomVectors(17);
    const index = createVectorIndex({ dimensions: 7, mode });
    const vectors = new Map<string, Float32Array>();
    for (let row = 0; row < 6000; row++) {
      const vector = random.gaussian(7);
      vector[0] = row % 2 === 0 ? 5 : -5;
      vectors.set(`doc-${row}`, vector);
      index.upsert(`doc-${row}`, vector);
      if (row % 500 === 0) index.search(new Float32Array(7).fill(-1), 3);
    }
    const query = new Float32Array([0, 1, -1, 1, 1, 0, 1]);
    expectSameHits(index.search(query, 10), bruteForceSearch({ vectors, query, top: 10 }));
  });

  it('replaces the vector of an id on upsert', () => {
    const index = createVectorIndex({ dimensions: 3, mode });
    index.upsert('a', [1, 0, 0]);
    index.upsert('b', [0, 1, 0]);
    index.upsert('a', [0, 0, 2]);
    expect(index.size).toBe(2);
    expect(index.search([0, 0, 1], 1)).toEqual([{ id: 'a', score: 1 }]);
    expect(index.search([1, 0, 0], 2).map((hit) => hit.score)).toEqual([0, 0]);
  });

  it('deletes ids and keeps every other id findable after rows move', () => {
    const { index, vectors, random } = fill(mode, 48, 2000, 11);
    for (let row = 0; row < 2000; row += 3) {
      expect(index.delete(`doc-${row}`)).toBe(true);
      vectors.delete(`doc-${row}`);
    }
    expect(index.delete('doc-0')).toBe(false);
    expect(index.delete('never-stored')).toBe(false);
    expect(index.size).toBe(vectors.size);
    for (const [id, vector] of [...vectors].slice(0, 50)) {
      expect(index.search(vector, 1)[0]!.id).toBe(id);
    }
    const query = random.gaussian(48);
    expectSameHits(index.search(query, 25), bruteForceSearch({ vectors, query, top: 25 }));
  });

  it('applies a filter, asking it only about ids that could make the top', () => {
    const { index, vectors, random } = fill(mode, 32, 5000, 5);
    const even = (id: string) => Number(id.slice(4)) % 2 === 0;
    const asked = new Set<string>();
    const query = random.gaussian(32);
    const hits = index.search(query, 10, (id) => {
      asked.add(id);
      return even(id);
    });
    expectSameHits(hits, bruteForceSearch({ vectors, query, top: 10, filter: even }));
    expect(hits.every((hit) => even(hit.id))).toBe(true);
    expect(asked.size).toBeLessThan(vectors.size / 10);
    expect(index.search(query, 10, () => false)).toEqual([]);
    const only = index.search(query, 10, (id) => id === 'doc-42');
    expect(only.map((hit) => hit.id)).toEqual(['doc-42']);
  });

  it('returns every vector when top exceeds the size, and nothing from an empty index', () => {
    const empty = createVectorIndex({ dimensions: 4, mode });
    expect(empty.size).toBe(0);
    expect(empty.search([1, 2, 3, 4], 10)).toEqual([]);
    const { index, vectors, random } = fill(mode, 16, 5, 3);
    const query = random.gaussian(16);
    expectSameHits(index.search(query, 50), bruteForceSearch({ vectors, query, top: 50 }));
    expect(index.search(query, 50)).toHaveLength(5);
    expect(index.search(query, 0)).toEqual([]);
    for (const id of vectors.keys()) index.delete(id);
    expect(index.search(query, 3)).toEqual([]);
    index.upsert('again', query);
    expect(index.search(query, 3).map((hit) => hit.id)).toEqual(['again']);
  });

  it('rejects bad input with a specific code and changes nothing', () => {
    const index = createVectorIndex({ dimensions: 3, mode });
    index.upsert('kept', [1, 2, 3]);
    expectCode(() => index.upsert('kept', [1, 2]), 'VECTOR_DIMENSION_MISMATCH');
    expectCode(() => index.upsert('new', [1, 2, 3, 4]), 'VECTOR_DIMENSION_MISMATCH');
    expectCode(() => index.upsert('new', [0, 0, 0]), 'INVALID_VECTOR');
    expectCode(() => index.upsert('new', [1, Number.NaN, 0]), 'INVALID_VECTOR');
    expectCode(() => index.upsert('new', 'abc' as never), 'INVALID_VECTOR');
    expectCode(() => index.upsert(7 as never, [1, 2, 3]), 'WRONG_TYPE');
    expectCode(() => index.search([1, 2], 1), 'VECTOR_DIMENSION_MISMATCH');
    expectCode(() => index.search([1, 2, 3], -1), 'OUT_OF_RANGE');
    expectCode(() => index.search([1, 2, 3], 1.5), 'OUT_OF_RANGE');
    expectCode(() => index.search([1, 2, 3], 1, 'no' as never), 'WRONG_TYPE');
    expect(index.size).toBe(1);
    const [hit] = index.search([1, 2, 3], 5);
    expect(hit?.id).toBe('kept');
    expect(hit?.score).toBeCloseTo(1, 6);
  });

  it('reports the bytes each vector takes', () => {
    const index = createVectorIndex({ dimensions: 384, mode });
    // f32 row (1536) + score slot (4); quantized adds int8 codes (384) + scale slot (16) + score slot (4).
    expect(index.bytesPerVector()).toBe(mode === 'exact' ? 1540 : 1540 + 404);
  });
});

describe('createVectorIndex options', () => {
  it('rejects impossible dimensions and unknown modes', () => {
    expectCode(() => createVectorIndex({ dimensions: 0 }), 'INVALID_CONFIGURATION');
    expectCode(() => createVectorIndex({ dimensions: 2.5 }), 'INVALID_CONFIGURATION');
    expectCode(() => createVectorIndex({ dimensions: 70_000 }), 'INVALID_CONFIGURATION');
    expectCode(() => createVectorIndex({ dimensions: 8, mode: 'fast' as never }), 'INVALID_CONFIGURATION');
    expect(createVectorIndex({ dimensions: 8 }).mode).toBe('exact');
  });

  it('gives quantized and exact mode the same results while rescoring only a shortlist', () => {
    const exact = fill('exact', 384, 4000, 21);
    const quantized = fill('quantized', 384, 4000, 21);
    for (let queryNumber = 0; queryNumber < 10; queryNumber++) {
      const query = exact.random.gaussian(384);
      expect(quantized.index.search(query, 10)).toEqual(exact.index.search(query, 10));
      expect(quantized.index.lastSearch.scanned).toBe(4000);
      expect(quantized.index.lastSearch.rescored).toBeLessThan(400);
      expect(quantized.index.lastSearch.rescored).toBeGreaterThanOrEqual(10);
    }
  });
});
