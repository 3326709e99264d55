import { coreErrors } from '@opwire/core';
import type { JsonValue } from './json-value.js';
import { createKeyMatcher, defaultMaskedKeys } from './mask-keys.js';
import { defaultMaskPatterns, type MaskPattern } from './mask-patterns.js';

/** How payloads are masked before they are stored. */
export interface MaskingOptions {
  /**
   * Keys whose whole value is hidden, matched on words whatever the case or separator: `token` matches
   * `accessToken`, `refresh_token` and `X-Token` (but not `inputTokens`). The same keys written in text hide
   * their value: `DB_PASSWORD=…`, `x-api-key: …`, `"clientSecret": "…"`, `?access_token=…&`, `API key is …`.
   * Defaults to `defaultMaskedKeys`.
   */
  readonly keys?: readonly string[];
  /**
   * Defaults to `defaultMaskPatterns`: emails, card numbers, phone numbers, private keys, bearer tokens, JWTs,
   * and API keys and tokens of well-known formats (OpenAI, Stripe, GitHub, GitLab, AWS, Slack, Google, npm).
   */
  readonly patterns?: readonly MaskPattern[];
  /** Longer strings are cut to this many characters; 500 by default. */
  readonly maxStringLength?: number;
  /** Deeper values become `"[too deep]"`; 8 by default. */
  readonly maxDepth?: number;
  /** Items of an array (and keys of an object) kept; 50 by default. */
  readonly maxItems?: number;
}

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
  const keys = createKeyMatcher(options.keys ?? defaultMaskedKeys);
  const maskText = (text: string): string => {
    let masked = text;
    for (const { pattern, replacement, accept } of patterns) {
      masked = masked.replace(pattern, (match) =>
        accept && !accept(match) ? match : typeof replacement === 'string' ? replacement : replacement(match),
      );
    }
    masked = keys.maskValues(masked);
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
      masked[key] = keys.matches(key) ? '[masked]' : mask(entry, depth + 1);
    }
    if (entries.length > maxItems) masked['…'] = `${entries.length - maxItems} more keys`;
    return masked;
  };
  return (value) => mask(value, 0);
}

function fail(reason: string): never {
  throw coreErrors.INVALID_CONFIGURATION({ params: { reason } });
}
