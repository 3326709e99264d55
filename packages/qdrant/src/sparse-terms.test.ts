import { describe, expect, it } from 'vitest';
import { chunkVector, queryVector, termIndex } from './sparse-terms.js';

describe('sparse term vectors', () => {
  it('hashes terms with 32-bit FNV-1a over UTF-8, Chinese included', () => {
    expect(termIndex('')).toBe(0x811c9dc5);
    expect(termIndex('a')).toBe(0xe40c292c);
    expect(termIndex('foobar')).toBe(0xbf9cf968);
    expect(termIndex('退货')).not.toBe(termIndex('退'));
  });

  it('writes the BM25 term-frequency factor of each distinct term, sorted by index', () => {
    const weighting = { k1: 1.2, b: 0.75, averageTerms: 3 };
    const vector = chunkVector(['refund', 'polici', 'refund'], weighting);
    const norm = 1.2 * (1 - 0.75 + 0.75);
    expect(vector.indices).toEqual([...vector.indices].sort((left, right) => left - right));
    const factor = (tf: number) => (tf * 2.2) / (tf + norm);
    expect(vector.values[vector.indices.indexOf(termIndex('refund'))]).toBeCloseTo(factor(2), 12);
    expect(vector.values[vector.indices.indexOf(termIndex('polici'))]).toBeCloseTo(factor(1), 12);
  });

  it('weights query terms by how often they occur', () => {
    const vector = queryVector([
      { term: 'refund', weight: 2 },
      { term: 'shoe', weight: 1 },
    ]);
    expect(vector.values[vector.indices.indexOf(termIndex('refund'))]).toBe(2);
    expect(vector.indices).toHaveLength(2);
  });
});
