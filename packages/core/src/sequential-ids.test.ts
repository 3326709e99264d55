import { describe, expect, it } from 'vitest';
import { createIdSequence } from './sequential-ids.js';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createIdSequence', () => {
  it('counts in the last 12 hex digits, unique across the 256-id blocks, keeping a UUID prefix', () => {
    const prefix = crypto.randomUUID().slice(0, 24);
    const next = createIdSequence(prefix);
    const ids = Array.from({ length: 600 }, next);
    expect(new Set(ids).size).toBe(600);
    for (const id of ids) expect(id).toMatch(uuidShape);
    expect(ids[0]).toBe(`${prefix}000000000000`);
    expect(ids[255]).toBe(`${prefix}0000000000ff`);
    expect(ids[256]).toBe(`${prefix}000000000100`);
    expect(ids[599]).toBe(`${prefix}000000000257`);
  });

  it('keeps separate sequences apart by their prefixes', () => {
    const first = createIdSequence('a-');
    const second = createIdSequence('b-');
    expect([first(), second(), first()]).toEqual(['a-000000000000', 'b-000000000000', 'a-000000000001']);
  });
});
