import { describe, expect, it } from 'vitest';
import { compareRecordIds } from './compare-record-ids.js';

const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const byUtf8 = (left: string, right: string) => {
  const [a, b] = [utf8(left), utf8(right)];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
};

describe('compareRecordIds', () => {
  it('orders by code point, so an emoji comes after a full-width letter (UTF-16 order says before)', () => {
    const ids = ['😀-emoji#0', 'Ａ-fullwidth#0', 'b-ascii#0', '退-cjk#0', 'b-ascii#10', 'b-ascii#1', ''];
    expect([...ids].sort(compareRecordIds)).toEqual([
      '',
      'b-ascii#0',
      'b-ascii#1',
      'b-ascii#10',
      '退-cjk#0',
      'Ａ-fullwidth#0',
      '😀-emoji#0',
    ]);
  });

  it('agrees with UTF-8 byte order on every boundary of the surrogate and private-use ranges', () => {
    const samples = ['\u007f', '\u0080', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}', 'a', 'ab'];
    for (const left of samples) {
      for (const right of samples) {
        expect(Math.sign(compareRecordIds(left, right)), `${left} vs ${right}`).toBe(
          Math.sign(byUtf8(left, right)),
        );
      }
    }
  });
});
