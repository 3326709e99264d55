import { coreErrors } from '@opwire/core';
import type { JsonValue } from './json-value.js';

/** A kind of value to hide inside strings: each match is replaced (when `accept` agrees). */
export interface MaskPattern {
  readonly name: string;
  /** Needs the `g` flag. */
  readonly pattern: RegExp;
  /** The text put in place of a match, or a function of the match. */
  readonly replacement: string | ((match: string) => string);
  /** Extra check of a match (a card number's Luhn digit); a match it refuses stays. */
  readonly accept?: (match: string) => boolean;
}

/** How payloads are masked before they are stored. */
export interface MaskingOptions {
  /**
   * Keys whose whole value is hidden, matched on words whatever the case or separator: `token` matches
   * `accessToken`, `refresh_token` and `X-Token` (but not `inputTokens`). Defaults to `defaultMaskedKeys`.
   */
  readonly keys?: readonly string[];
  /** Defaults to `defaultMaskPatterns`: emails, card numbers, bearer tokens, JWTs, API keys, phone numbers. */
  readonly patterns?: readonly MaskPattern[];
  /** Longer strings are cut to this many characters; 500 by default. */
  readonly maxStringLength?: number;
  /** Deeper values become `"[too deep]"`; 8 by default. */
  readonly maxDepth?: number;
  /** Items of an array (and keys of an object) kept; 50 by default. */
  readonly maxItems?: number;
}

/** The keys masked by default. */
export const defaultMaskedKeys: readonly string[] = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'authorization',
  'api key',
  'access key',
  'private key',
  'cookie',
  'credential',
  'credentials',
];

const luhn = (match: string): boolean => {
  const digits = match.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

/** The value patterns masked by default, applied in this order. */
export const defaultMaskPatterns: readonly MaskPattern[] = [
  {
    name: 'secret-in-text',
    pattern:
      /\b(?:password|passwd|pwd|secret|token|api[ _-]?key)\b["']?\s*(?:is\s+|[:=]\s*)["']?[^\s"',;]+/gi,
    replacement: (match) => match.replace(/(\bis\s+["']?|[:=]\s*["']?)[^\s"',;]+$/i, '$1[masked]'),
  },
  {
    // The same in Chinese: 我的密码是 hunter2, 密码：hunter2, API 密钥为 abc (is: 是 / 为, colons full- or half-width).
    name: 'secret-in-chinese-text',
    pattern: /(?:密码|口令|密钥|令牌)\s*(?:是|为|[:：=])\s*["'“]?[^\s"',;，。；”]+/g,
    replacement: (match) => match.replace(/((?:是|为|[:：=])\s*["'“]?)[^\s"',;，。；”]+$/, '$1[masked]'),
  },
  { name: 'bearer', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, replacement: 'Bearer [token]' },
  { name: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, replacement: '[token]' },
  {
    name: 'api-key',
    pattern: /\b(?:sk|pk|rk)[-_](?:live[-_]|test[-_]|proj[-_])?[A-Za-z0-9_-]{16,}/g,
    replacement: '[token]',
  },
  {
    name: 'email',
    pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
    replacement: '[email]',
  },
  { name: 'card', pattern: /(?<![\w-])(?:\d[ -]?){12,18}\d(?![\w-])/g, replacement: '[card]', accept: luhn },
  {
    name: 'phone',
    pattern: /(?<![\w-])\+?\d[\d ().-]{7,18}\d(?![\w-])/g,
    replacement: '[phone]',
    // Nine digits or more, and not a date such as 2030-01-01 12:00.
    accept: (match) => match.replace(/\D/g, '').length >= 9 && !/^\d{4}-\d{2}-\d{2}/.test(match),
  },
];

/** Masks any value into JSON: sensitive keys hidden, sensitive text replaced, long text cut. */
export type Masker = (value: unknown) => JsonValue;

/** Builds the masker for `options`; bad limits or a pattern without the `g` flag fail with `INVALID_CONFIGURATION`. */
export function createMasker(options: MaskingOptions = {}): Masker {
  const maxStringLength = options.maxStringLength ?? 500;
  const maxDepth = options.maxDepth ?? 8;
  const maxItems = options.maxItems ?? 50;
  const patterns = options.patterns ?? defaultMaskPatterns;
  for (const [name, limit] of Object.entries({ maxStringLength, maxDepth, maxItems })) {
    if (!Number.isSafeInteger(limit) || limit < 1) fail(`masking: ${name} must be a whole number >= 1`);
  }
  for (const { name, pattern } of patterns) {
    if (!pattern.global) fail(`masking: pattern "${name}" needs the g flag`);
  }
  const keys = (options.keys ?? defaultMaskedKeys).map(wordsOf);
  // Payloads repeat the same few keys, so each key is judged once (the memo is cleared when it grows large).
  const judged = new Map<string, boolean>();
  const sensitive = (key: string) => {
    let verdict = judged.get(key);
    if (verdict === undefined) {
      const words = wordsOf(key);
      const joined = words.join('');
      verdict = keys.some((rule) => joined === rule.join('') || containsRun(words, rule));
      if (judged.size >= 1_000) judged.clear();
      judged.set(key, verdict);
    }
    return verdict;
  };
  const maskText = (text: string): string => {
    let masked = text;
    for (const { pattern, replacement, accept } of patterns) {
      masked = masked.replace(pattern, (match) =>
        accept && !accept(match) ? match : typeof replacement === 'string' ? replacement : replacement(match),
      );
    }
    return masked.length > maxStringLength
      ? `${masked.slice(0, maxStringLength)}… [${masked.length - maxStringLength} more characters]`
      : masked;
  };
  const mask = (value: unknown, depth: number): JsonValue => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return maskText(value);
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'bigint') return maskText(value.toString());
    if (typeof value !== 'object') return null;
    if (depth >= maxDepth) return '[too deep]';
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return mask(toJSON.call(value), depth);
    if (value instanceof Error) return { name: maskText(value.name), message: maskText(value.message) };
    if (Array.isArray(value)) {
      const items = value.slice(0, maxItems).map((item) => mask(item, depth + 1));
      return value.length > maxItems ? [...items, `[${value.length - maxItems} more items]`] : items;
    }
    const entries = Object.entries(value).filter(
      ([, entry]) => entry !== undefined && typeof entry !== 'function',
    );
    const masked: Record<string, JsonValue> = {};
    for (const [key, entry] of entries.slice(0, maxItems)) {
      masked[key] = sensitive(key) ? '[masked]' : mask(entry, depth + 1);
    }
    if (entries.length > maxItems) masked['…'] = `${entries.length - maxItems} more keys`;
    return masked;
  };
  return (value) => mask(value, 0);
}

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0) return false;
  for (let start = 0; start + run.length <= words.length; start++) {
    if (run.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

function fail(reason: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason } });
}
