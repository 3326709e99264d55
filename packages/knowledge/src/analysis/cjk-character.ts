/**
 * One Chinese, Japanese or Korean character, as a regular-expression class (use with the `u` flag). The
 * katakana long-vowel mark ー (U+30FC) belongs to no script of its own, so it is named here: without it
 * コーヒー would fall apart into コ, ー, ヒ, ー.
 */
export const cjkCharacter =
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC]';
