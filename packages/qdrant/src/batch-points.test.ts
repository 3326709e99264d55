import { describe, expect, it } from 'vitest';
import { batchPoints } from './batch-points.js';

const limit = 32 * 1024 * 1024;
// A point whose JSON is exactly `bytes` long.
const point = (bytes: number) => ({ t: 'x'.repeat(bytes - '{"t":""}'.length) });
const body = (points: readonly unknown[]) => Buffer.byteLength(JSON.stringify({ points }));

describe('batchPoints', () => {
  it('keeps every body within batchSize points', () => {
    const points = Array.from({ length: 7 }, () => point(10));
    expect(batchPoints(points, 3).map((batch) => batch.length)).toEqual([3, 3, 1]);
  });

  it('keeps every body within Qdrant’s 32 MiB request limit, points in order', () => {
    const points = Array.from({ length: 5 }, (_, index) => ({ ...point(10 * 1024 * 1024), index }));
    const batches = batchPoints(points, 256);
    expect(batches.map((batch) => batch.map((entry) => entry.index))).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    for (const batch of batches) expect(body(batch)).toBeLessThanOrEqual(limit);
  });

  it('fills a body up to the limit exactly, and sends a point over it on its own', () => {
    // Two points, the comma between them and the envelope make exactly the limit.
    const half = (limit - '{"points":[,]}'.length) / 2;
    expect(body([point(half), point(half)])).toBe(limit);
    expect(batchPoints([point(half), point(half)], 256).map((batch) => batch.length)).toEqual([2]);
    expect(batchPoints([point(half), point(half + 1)], 256).map((batch) => batch.length)).toEqual([1, 1]);
    expect(batchPoints([point(limit + 1), point(10)], 256).map((batch) => batch.length)).toEqual([1, 1]);
  });
});
