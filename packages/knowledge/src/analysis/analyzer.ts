import { stemmer } from 'stemmer';
import { chineseStopWords } from './chinese-stop-words.js';
import { cjkCharacter } from './cjk-character.js';
import { englishStopWords } from './stop-words.js';
import { traditionalFolding } from './traditional-folding.js';

/**
 * How Chinese, Japanese and Korean text becomes terms: dictionary words (`Intl.Segmenter`, plus the bigrams
 * inside a Han word of three or more characters) or character bigrams.
 */
export type CjkMode = 'words' | 'bigrams';

/** Settings for an analyzer. */
export interface AnalyzerOptions {
  /** Defaults to `words`, which retrieved better on the Chinese FAQ test set (nDCG@10 0.892 vs 0.857 for bigrams). */
  readonly cjk?: CjkMode;
  /** Defaults to Lucene's English stop words. */
  readonly stopWords?: ReadonlySet<string>;
  /** Porter stemming of Latin words; defaults to `true`. */
  readonly stem?: boolean;
  /**
   * Folds Traditional Chinese characters to Simplified ones (資料 → 资料) before segmenting, so a search in
   * either script finds text in the other; defaults to `true`. Character by character, from OpenCC's tables.
   */
  readonly foldTraditional?: boolean;
}

/** Turns text into the terms that lexical search and the hashing embedder index. */
export interface Analyzer {
  readonly cjk: CjkMode;
  analyze(text: string): string[];
}

const cjkRun = new RegExp(`${cjkCharacter}+`, 'gu');
const hanWord = /^\p{Script=Han}{3,}$/u;
// UAX #29-like words: letters and digits joined by `.`, `'` or `’` inside a word ("3.5", "don't", "u.s.a").
const latinWord = /[\p{L}\p{M}\p{N}_]+(?:[.'’][\p{L}\p{M}\p{N}_]+)*/gu;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

// Built on first use from the 3,771 pairs: for a character of the Basic Multilingual Plane, the index of its
// folded form in `targets` (0: not folded); for one beyond it, its folded form by code point.
let folding:
  | { readonly basic: Uint16Array; readonly targets: readonly string[]; readonly beyond: Map<number, string> }
  | undefined;

const buildFolding = () => {
  const characters = [...traditionalFolding];
  const basic = new Uint16Array(0x10000);
  const targets = [''];
  const beyond = new Map<number, string>();
  for (let index = 0; index + 1 < characters.length; index += 2) {
    const code = (characters[index] as string).codePointAt(0) as number;
    const target = characters[index + 1] as string;
    if (code > 0xffff) beyond.set(code, target);
    else basic[code] = targets.push(target) - 1;
  }
  return { basic, targets, beyond };
};

/** `text` with each Traditional Han character replaced by its Simplified form; other characters as they are. */
export function foldTraditionalChinese(text: string): string {
  folding ??= buildFolding();
  const { basic, targets, beyond } = folding;
  let folded = '';
  let copied = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index) as number;
    // A surrogate pair is one character; a lone surrogate is left as it is.
    const width = code > 0xffff ? 2 : 1;
    const target =
      width === 2 ? beyond.get(code) : basic[code] === 0 ? undefined : targets[basic[code] as number];
    if (target !== undefined) {
      folded += text.slice(copied, index) + target;
      copied = index + width;
    }
    index += width - 1;
  }
  return copied === 0 ? text : folded + text.slice(copied);
}

/**
 * Creates an analyzer: lower-casing, stop words and Porter stemming for Latin text; Traditional Chinese folded to
 * Simplified, then CJK words or bigrams.
 */
export function createAnalyzer(options: AnalyzerOptions = {}): Analyzer {
  const cjk = options.cjk ?? 'words';
  const stopWords = options.stopWords ?? englishStopWords;
  const stem = options.stem ?? true;
  const foldTraditional = options.foldTraditional ?? true;
  const cache = new Map<string, string | null>();

  const latinTerm = (word: string): string | null => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    let term = word.toLowerCase().replace(/['’]s$/, '');
    if (stopWords.has(term)) term = '';
    else if (stem && /^[a-z]/.test(term)) term = stemmer(term);
    const result = term === '' ? null : term;
    if (cache.size < 200_000) cache.set(word, result);
    return result;
  };

  const addLatin = (text: string, terms: string[]): void => {
    for (const match of text.matchAll(latinWord)) {
      const term = latinTerm(match[0]);
      if (term !== null) terms.push(term);
    }
  };

  const addBigrams = (run: string, terms: string[]): void => {
    const characters = [...run];
    for (let index = 0; index + 1 < characters.length; index++) {
      terms.push(characters[index]! + characters[index + 1]!);
    }
  };

  const addCjk = (run: string, terms: string[]): void => {
    if (cjk === 'bigrams') {
      if ([...run].length === 1) terms.push(run);
      addBigrams(run, terms);
      return;
    }
    for (const { segment, isWordLike } of segmenter.segment(run)) {
      if (!isWordLike || chineseStopWords.has(segment)) continue;
      terms.push(segment);
      // ICU's dictionary keeps 偏远地区 whole; its bigrams let a search for 偏远 or 地区 find it too.
      if (hanWord.test(segment)) addBigrams(segment, terms);
    }
  };

  return {
    cjk,
    analyze(text) {
      const normalized = text.normalize('NFKC');
      const terms: string[] = [];
      let last = 0;
      for (const match of normalized.matchAll(cjkRun)) {
        addLatin(normalized.slice(last, match.index), terms);
        addCjk(foldTraditional ? foldTraditionalChinese(match[0]) : match[0], terms);
        last = match.index + match[0].length;
      }
      addLatin(normalized.slice(last), terms);
      return terms;
    },
  };
}
