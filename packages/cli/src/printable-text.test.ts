import { describe, expect, it } from 'vitest';
import { printableText } from './printable-text.js';

describe('printableText', () => {
  it('keeps newlines and tabs and escapes every other control character, so a terminal acts on none', () => {
    const text = '# Evil \u001b]0;pwned\u0007 title\n\n\tred\u001b[31m \u009b2J\u007f\r\u0008 中文\u2028';
    expect(printableText(text)).toBe(
      '# Evil \\x1b]0;pwned\\x07 title\n\n\tred\\x1b[31m \\x9b2J\\x7f\\r\\x08 中文\u2028',
    );
  });
});
