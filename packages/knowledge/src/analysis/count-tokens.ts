import { cjkCharacter } from './cjk-character.js';

/**
 * Characters of a word or number that count as one token. A longer run counts one token per this many characters
 * (BPE tokenizers split it too): a run with no spaces (a base64 blob, a minified line, Thai, which has no spaces
 * between words) would otherwise be one token, never cut, and a 1 MB document one chunk no embedding model takes.
 */
const wordTokenLength = 16;

// A CJK character, a Latin word or number (or 16 characters of a longer one), or one other non-space symbol:
// close to what BPE tokenizers count.
const tokenPattern = new RegExp(
  `${cjkCharacter}|[\\p{L}\\p{M}\\p{N}_]{1,${wordTokenLength}}|[^\\s\\p{L}\\p{M}\\p{N}_]`,
  'gu',
);

/** The span of one token in a text. */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * Counts tokens the way chunk sizes are measured: each CJK character, word, number or symbol is one, and a word or
 * number over 16 characters one per 16 of them.
 */
export function countTokens(text: string): number {
  return countTokensUpTo(text, Number.POSITIVE_INFINITY);
}

/**
 * Counts tokens as `countTokens` does, but stops once the count passes `limit` and returns `limit + 1`: a chunker
 * that only asks whether a 900,000-character section fits in 256 tokens reads 257 of them, not the whole text.
 */
export function countTokensUpTo(text: string, limit: number): number {
  // `test` advances the pattern's `lastIndex` without building a match for each token.
  tokenPattern.lastIndex = 0;
  let count = 0;
  while (count <= limit && tokenPattern.test(text)) count++;
  tokenPattern.lastIndex = 0;
  return count;
}

/** Lists where each token of a text starts and ends. */
export function tokenSpans(text: string): TokenSpan[] {
  return [...text.matchAll(tokenPattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
