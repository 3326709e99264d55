import { describe, expect, it } from 'vitest';
import { createRandomVectors } from './random-vectors.js';
import { selectTop } from './select-top.js';

describe('selectTop', () => {
  it('keeps the k best rows, best first, like a full sort', () => {
    const random = createRandomVectors(3);
    const scores = new Float32Array(1000).map(() => Math.fround(random.uniform()));
    const ids = Array.from(scores, (_, row) => `id-${String(row).padStart(4, '0')}`);
    const expected = Array.from(scores, (score, row) => ({ row, score }))
      .sort((left, right) => right.score - left.score)
      .slice(0, 17);
    expect(selectTop({ scores, top: 17, ids }).sorted()).toEqual(expected);
  });

  it('orders equal scores by id and lets a better id replace a worse one at the threshold', () => {
    const scores = new Float32Array([0.5, 0.9, 0.5, 0.5, 0.1]);
    const ids = ['d', 'z', 'b', 'c', 'a'];
    const ranked = selectTop({ scores, top: 3, ids }).sorted();
    expect(ranked.map(({ row }) => ids[row])).toEqual(['z', 'b', 'c']);
  });

  it('asks the accept callback only about rows that beat the current threshold', () => {
    const scores = new Float32Array([0.9, 0.8, 0.7, 0.1, 0.2, 0.3]);
    const asked: number[] = [];
    const ranked = selectTop({
      scores,
      top: 2,
      ids: ['a', 'b', 'c', 'd', 'e', 'f'],
      accept: (row) => {
        asked.push(row);
        return row !== 1;
      },
    }).sorted();
    expect(ranked.map(({ row }) => row)).toEqual([0, 2]);
    expect(asked).toEqual([0, 1, 2]);
  });
});
