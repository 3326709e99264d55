import { describe, expect, it } from 'vitest';
import { compareManifest } from './ingest.js';

describe('what ingest removes from an earlier ingest of the folder', () => {
  it('removes the documents whose files are gone, and keeps those under a folder it could not list', () => {
    const previous = ['a.md', 'gone.md', 'private/b.md', 'private/deep/c.md', 'privateer.md'];
    const present = ['a.md', 'new.md'];
    expect(compareManifest(previous, present, ['private'])).toEqual({
      gone: ['gone.md', 'privateer.md'],
      holds: ['a.md', 'new.md', 'private/b.md', 'private/deep/c.md'],
    });
    expect(compareManifest(previous, present, []).gone).toEqual([
      'gone.md',
      'private/b.md',
      'private/deep/c.md',
      'privateer.md',
    ]);
  });
});
