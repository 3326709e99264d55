import { describe, expect, it } from 'vitest';
import { createAnalyzer, foldTraditionalChinese } from './analyzer.js';
import { countTokens, countTokensUpTo, tokenSpans } from './count-tokens.js';

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
    // A kanji that is also a Traditional Chinese form folds like one (設計 → 设计), in documents and queries alike.
    expect(analyzer.analyze('データベースの設計')).toEqual(['データベース', 'の', '设计']);
    // Half-width ｰ becomes ー under NFKC and joins the word too.
    expect(analyzer.analyze('ｺｰﾋｰ')).toEqual(['コーヒー']);
    expect(createAnalyzer({ cjk: 'bigrams' }).analyze('コーヒー')).toEqual(['コー', 'ーヒ', 'ヒー']);
  });

  it('folds Traditional Chinese to Simplified, so text in either script gives the same terms', () => {
    expect(analyzer.analyze('資料庫備份與還原')).toEqual(analyzer.analyze('资料库备份与还原'));
    expect(analyzer.analyze('退貨政策：偏遠地區需要額外支付運費')).toEqual(
      analyzer.analyze('退货政策：偏远地区需要额外支付运费'),
    );
    // 我們 folds to 我们, one of the Chinese stop words.
    expect(analyzer.analyze('我們的訂單')).toEqual(['订单']);
    // Hong Kong's variants too (衞 for 衛), and a character's whole chain at once (薴 → 苧 → 苎).
    expect(analyzer.analyze('衞生')).toEqual(analyzer.analyze('卫生'));
    expect(foldTraditionalChinese('薴麻')).toBe('苎麻');
    // Simplified text and characters Simplified Chinese writes as they are (著名, 什么) are left alone.
    expect(foldTraditionalChinese('退货政策，著名的什么')).toBe('退货政策，著名的什么');
    expect(foldTraditionalChinese('iPhone 訂單 #42')).toBe('iPhone 订单 #42');
    // Characters beyond the Basic Multilingual Plane fold and are folded to (𠁞 → 𠀾, 㗲 → 𠵾); a lone
    // surrogate stays as it is and does not hide the character after it.
    expect(foldTraditionalChinese('𠁞㗲資')).toBe('𠀾𠵾资');
    expect(foldTraditionalChinese('\ud840資\udc00')).toBe('\ud840资\udc00');
  });

  it('keeps Traditional characters as written with foldTraditional: false', () => {
    const asWritten = createAnalyzer({ foldTraditional: false });
    expect(asWritten.analyze('我們的訂單')).toEqual(['我們', '訂單']);
    expect(asWritten.analyze('訂單')).not.toEqual(asWritten.analyze('订单'));
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

  it('counts up to a limit: the count under it, limit + 1 past it, and the next count starts afresh', () => {
    expect(countTokensUpTo('退货政策。', 5)).toBe(5);
    expect(countTokensUpTo('退货政策。', 3)).toBe(4);
    expect(countTokensUpTo('x'.repeat(1_000_000), 256)).toBe(257);
    // A count stopped early leaves nothing behind for the next one on another text.
    expect(countTokens('Hello, world 42')).toBe(4);
    expect(countTokensUpTo('one two three', 1)).toBe(2);
    expect(countTokensUpTo('Hello, world 42', 100)).toBe(4);
    // Nor for the token spans the chunker lists after asking whether a piece fits.
    expect(countTokensUpTo('one two three', 1)).toBe(2);
    expect(tokenSpans('one two')).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
    ]);
  });
});
