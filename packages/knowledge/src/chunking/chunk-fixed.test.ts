import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkFixed, chunkFixedInSteps } from './chunk-fixed.js';

describe('chunkFixed', () => {
  it('cuts windows of size characters that overlap', () => {
    expect(chunkFixed('abcdefghij', { size: 4, overlap: 1 })).toEqual(['abcd', 'defg', 'ghij']);
  });

  it('chunks in steps of one window each, to the same windows', () => {
    const text = 'abcdefghij'.repeat(100);
    const steps = chunkFixedInSteps(text, { size: 10, overlap: 2 });
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count++;
    expect(step.value).toEqual(chunkFixed(text, { size: 10, overlap: 2 }));
    expect(step.value).toHaveLength(125);
    expect(count).toBe(124);
  });

  it('normalizes CRLF and CR to \\n and drops blank windows', () => {
    expect(chunkFixed('ab\r\ncd\r    ', { size: 4 })).toEqual(['ab\ncd'.slice(0, 4), 'd\n  ']);
    expect(chunkFixed('      x', { size: 3 })).toEqual(['x']);
  });

  it('clamps an overlap equal to the size instead of looping forever', () => {
    expect(chunkFixed('abcdef', { size: 3, overlap: 3 })).toEqual(['abc', 'bcd', 'cde', 'def']);
    expect(chunkFixed('abcdef', { size: 3, overlap: -5 })).toEqual(['abc', 'def']);
  });

  it('never splits a surrogate pair', () => {
    expect(chunkFixed('😀😀😀', { size: 2 })).toEqual(['😀😀', '😀']);
  });

  it('rejects a size below 1', () => {
    expect(() => chunkFixed('abc', { size: 0 })).toThrow(RangeError);
  });

  it('covers the whole text in windows no longer than the size', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -5, max: 60 }),
        (text, size, overlap) => {
          const chunks = chunkFixed(text, { size, overlap });
          for (const chunk of chunks) expect([...chunk].length).toBeLessThanOrEqual(size);
          for (const chunk of chunks) expect(chunk.trim()).not.toBe('');
          const normalized = text.replace(/\r\n?/g, '\n');
          if (normalized.trim() !== '') expect(chunks.length).toBeGreaterThan(0);
          for (const chunk of chunks) expect(normalized).toContain(chunk);
        },
      ),
    );
  });
});
