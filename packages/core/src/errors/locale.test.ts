import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.js';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN,zh;q=0.9', 'zh-CN'],
    ['fr-FR, zh;q=0.8, en;q=0.5', 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['de', 'en'],
    ['zh;q=0, en', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(resolveLocale(header)).toBe(locale);
  });
});
