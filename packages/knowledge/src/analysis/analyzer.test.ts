import { describe, expect, it } from 'vitest';
import { createAnalyzer } from './analyzer.js';
import { countTokens, tokenSpans } from './count-tokens.js';

describe('createAnalyzer', () => {
  const analyzer = createAnalyzer();

  it('lower-cases, drops Lucene stop words and possessives, and Porter-stems Latin words', () => {
    expect(analyzer.analyze("The Patients' RUNNING of Smith's trials is not 3.5 mg")).toEqual([
      'patient',
      'run',
      'smith',
      'trial',
      '3.5',
      'mg',
    ]);
  });

  it('turns Chinese runs into character bigrams in bigram mode, keeping Latin words in between', () => {
    const bigrams = createAnalyzer({ cjk: 'bigrams' });
    expect(bigrams.analyze('退货政策：iPhone 七天')).toEqual(['退货', '货政', '政策', 'iphon', '七天']);
  });

  it('segments Chinese into dictionary words by default and drops particles', () => {
    expect(analyzer.analyze('我想取消订单的运费')).toEqual(['我想', '取消', '订单', '运费']);
  });

  it('adds the bigrams inside a Han word of three or more characters, so 偏远 and 地区 find 偏远地区', () => {
    expect(analyzer.analyze('偏远地区需要额外支付运费')).toEqual([
      '偏远地区',
      '偏远',
      '远地',
      '地区',
      '需要',
      '额外',
      '支付',
      '运费',
    ]);
    // A query's words get the same bigrams, and a two-character word is its own only bigram.
    expect(analyzer.analyze('偏远的地方')).toEqual(['偏远', '地方']);
    expect(analyzer.analyze('什么时候')).toEqual(['什么时候', '什么', '么时', '时候']);
  });

  it('keeps katakana words with the long-vowel mark ー whole', () => {
    expect(analyzer.analyze('コーヒー')).toEqual(['コーヒー']);
    expect(analyzer.analyze('データベースの設計')).toEqual(['データベース', 'の', '設計']);
    // Half-width ｰ becomes ー under NFKC and joins the word too.
    expect(analyzer.analyze('ｺｰﾋｰ')).toEqual(['コーヒー']);
    expect(createAnalyzer({ cjk: 'bigrams' }).analyze('コーヒー')).toEqual(['コー', 'ーヒ', 'ヒー']);
  });

  it('normalizes full-width forms so ＡＢＣ matches abc', () => {
    expect(analyzer.analyze('ＡＢＣ１２３')).toEqual(['abc123']);
  });
});

describe('countTokens', () => {
  it('counts words, numbers, symbols and each CJK character', () => {
    expect(countTokens('Hello, world 42')).toBe(4);
    expect(countTokens('退货政策。')).toBe(5);
  });

  it('counts a word or number over 16 characters as one token per 16 of them', () => {
    expect(countTokens('a'.repeat(16))).toBe(1);
    expect(countTokens('a'.repeat(17))).toBe(2);
    expect(countTokens('x'.repeat(1_000_000))).toBe(62_500);
  });

  it('counts the katakana long-vowel mark ー as one CJK character, like the kana around it', () => {
    expect(countTokens('コーヒー')).toBe(4);
    expect(countTokens('データベース')).toBe(6);
    expect(tokenSpans('コーヒー')).toEqual([0, 1, 2, 3].map((start) => ({ start, end: start + 1 })));
  });
});
