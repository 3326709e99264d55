import { describe, expect, it } from 'vitest';
import { isOriginAllowed, parseOrigins } from './allowed-origins.js';

describe('parseOrigins', () => {
  it('reads a comma-separated list, trimming blanks, and allows none when empty', () => {
    expect(parseOrigins(' https://shop.example , http://localhost:5173,, ')).toEqual([
      'https://shop.example',
      'http://localhost:5173',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins('')).toEqual([]);
    expect(parseOrigins('*')).toEqual(['*']);
  });

  it.each([
    ['shop.example', 'not a URL'],
    ['ftp://shop.example', 'scheme'],
    ['https://shop.example/', 'trailing slash'],
    ['https://shop.example/app', 'no path'],
    ['*, https://shop.example', 'cannot be listed with others'],
  ])('refuses %s with INVALID_CONFIGURATION', (text, why) => {
    expect(() => parseOrigins(text)).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION' }));
    expect(() => parseOrigins(text)).toThrow(why);
  });
});

describe('isOriginAllowed', () => {
  const origins = parseOrigins('https://shop.example');
  it('admits a listed origin whatever its case, and nothing else', () => {
    expect(isOriginAllowed(origins, 'https://shop.example')).toBe(true);
    expect(isOriginAllowed(origins, 'HTTPS://SHOP.EXAMPLE')).toBe(true);
    expect(isOriginAllowed(origins, 'https://evil.example')).toBe(false);
    expect(isOriginAllowed(origins, 'null')).toBe(false);
    expect(isOriginAllowed(origins, undefined)).toBe(false);
    expect(isOriginAllowed(['*'], 'https://any.example')).toBe(true);
  });
});
