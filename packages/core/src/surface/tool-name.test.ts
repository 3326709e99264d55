import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isToolName, toolNameFor } from './tool-name.js';

describe('toolNameFor', () => {
  it('turns dots and dashes into underscores', () => {
    expect(toolNameFor('orders.create')).toBe('orders_create');
    expect(toolNameFor('gift-cards.redeem-code')).toBe('gift_cards_redeem_code');
  });

  it('keeps a 64-character name as it is', () => {
    const id = `a.${'b'.repeat(62)}`;
    expect(toolNameFor(id)).toBe(`a_${'b'.repeat(62)}`);
  });

  it('shortens a longer name to 55 characters, an underscore and 8 hex of its SHA-256', () => {
    const id = `reports.${'x'.repeat(70)}`;
    const full = `reports_${'x'.repeat(70)}`;
    const name = toolNameFor(id);
    expect(name).toHaveLength(64);
    expect(name).toBe(`${full.slice(0, 55)}_${createHash('sha256').update(full).digest('hex').slice(0, 8)}`);
    expect(isToolName(name)).toBe(true);
  });

  it('gives two long ids with the same prefix different names', () => {
    const prefix = `reports.${'x'.repeat(60)}`;
    expect(toolNameFor(`${prefix}.a`)).not.toBe(toolNameFor(`${prefix}.b`));
  });
});

describe('isToolName', () => {
  it('accepts letters, digits, underscores and dashes up to 64 characters', () => {
    expect(isToolName('orders_list-2')).toBe(true);
    expect(isToolName('x'.repeat(64))).toBe(true);
  });

  it('rejects empty, too long and other characters', () => {
    expect(isToolName('')).toBe(false);
    expect(isToolName('x'.repeat(65))).toBe(false);
    expect(isToolName('orders.list')).toBe(false);
    expect(isToolName('orders list')).toBe(false);
  });
});
