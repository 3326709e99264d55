import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropUnsentDraft, keepUnsentDraft, readUnsentDraft } from './unsent-draft.js';

/** A tab's session storage, as a browser has it. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('unsent drafts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one question per conversation, a new one apart, until it is dropped', () => {
    vi.stubGlobal('sessionStorage', fakeStorage());
    keepUnsentDraft('c-1', 'And now?');
    keepUnsentDraft(undefined, 'Where is my parcel?');
    expect(readUnsentDraft('c-1')).toBe('And now?');
    expect(readUnsentDraft('c-2')).toBeUndefined();
    expect(readUnsentDraft(undefined)).toBe('Where is my parcel?');
    dropUnsentDraft('c-1');
    expect(readUnsentDraft('c-1')).toBeUndefined();
    expect(readUnsentDraft(undefined)).toBe('Where is my parcel?');
  });

  it('keeps nothing, and throws nothing, where session storage is missing or refuses', () => {
    expect(readUnsentDraft('c-1')).toBeUndefined();
    vi.stubGlobal('sessionStorage', {
      ...fakeStorage(),
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    expect(() => keepUnsentDraft('c-1', 'And now?')).not.toThrow();
    expect(readUnsentDraft('c-1')).toBeUndefined();
  });
});
