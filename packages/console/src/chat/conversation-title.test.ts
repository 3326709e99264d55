import { describe, expect, it } from 'vitest';
import { titleOf } from './conversation-title.js';

describe('titleOf', () => {
  it('keeps the first 80 characters without splitting an emoji or a combined character', () => {
    const question = `${'a'.repeat(79)}😀 and more`;
    // A UTF-16 cut at 80 kept half of the emoji: a lone surrogate, which the server refuses.
    expect(question.slice(0, 80).at(-1)).toBe('\ud83d');
    expect(titleOf(question)).toBe(`${'a'.repeat(79)}😀`);
    expect(titleOf('👩‍👩‍👧'.repeat(100))).toBe('👩‍👩‍👧'.repeat(80));
    expect(titleOf('怎么退货？')).toBe('怎么退货？');
  });
});
