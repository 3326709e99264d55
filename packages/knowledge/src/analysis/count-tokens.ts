import { cjkCharacter } from './cjk-character.js';

// A CJK character, a Latin word or number, or one other non-space symbol: close to what BPE tokenizers count.
const tokenPattern = new RegExp(`${cjkCharacter}|[\\p{L}\\p{M}\\p{N}_]+|[^\\s\\p{L}\\p{M}\\p{N}_]`, 'gu');

/** The span of one token in a text. */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
}

/** Counts tokens the way chunk sizes are measured: each CJK character, word, number or symbol is one. */
export function countTokens(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(tokenPattern)) count++;
  return count;
}

/** Lists where each token of a text starts and ends. */
export function tokenSpans(text: string): TokenSpan[] {
  return [...text.matchAll(tokenPattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
