import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../analysis/count-tokens.js';
import { chunkStructured } from './chunk-structured.js';

describe('chunkStructured', () => {
  it('starts a new chunk at every heading and packs paragraphs under the limit', () => {
    const text =
      '# Returns\n\nReturn within 30 days.\n\nKeep the receipt.\n\n## Shipping\n\nShips in 2 days.';
    expect(chunkStructured(text, { maxTokens: 50 })).toEqual([
      '# Returns\n\nReturn within 30 days.\n\nKeep the receipt.',
      '## Shipping\n\nShips in 2 days.',
    ]);
  });

  it('splits long paragraphs at sentences, including Chinese 。！？', () => {
    const chunks = chunkStructured('收到商品七天内可以退货。运费由买家承担！有问题吗？', { maxTokens: 12 });
    expect(chunks).toEqual(['收到商品七天内可以退货。', '运费由买家承担！', '有问题吗？']);
  });

  it('falls back to token cuts when one sentence is over the limit', () => {
    const chunks = chunkStructured('one two three four five six seven', { maxTokens: 3 });
    expect(chunks).toEqual(['one two three', 'four five six', 'seven']);
  });

  it('returns no chunks for blank text', () => {
    expect(chunkStructured(' \n\n \r\n', { maxTokens: 10 })).toEqual([]);
  });

  it('never makes a chunk over the limit and keeps every word', () => {
    const word = fc.constantFrom(
      'alpha',
      'beta',
      '退货',
      '政策',
      '。',
      '.',
      '!',
      '\n',
      '\n\n',
      '# ',
      ' ',
      '？',
      'x1',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (words, maxTokens) => {
        const text = words.join(' ');
        const chunks = chunkStructured(text, { maxTokens });
        for (const chunk of chunks) expect(countTokens(chunk)).toBeLessThanOrEqual(maxTokens);
        const squeeze = (value: string) => value.replace(/\s+/g, '');
        expect(squeeze(chunks.join(''))).toBe(squeeze(text));
      }),
    );
  });
});
