import { describe, expect, it } from 'vitest';
import { compareManifest } from './compare-manifest.js';

const storedEarlier = (documentIds: string[]) => ({ documentIds, heldElsewhere: new Map<string, string>() });

describe('what ingest removes from an earlier ingest of the folder', () => {
  it('removes the documents whose files are gone, and keeps those under a folder it could not list', () => {
    const previous = ['a.md', 'gone.md', 'private/b.md', 'private/deep/c.md', 'privateer.md'];
    const outcome = { stored: ['a.md', 'new.md'], failed: [], empty: [], unlisted: ['private'] };
    expect(compareManifest(storedEarlier(previous), outcome)).toEqual({
      gone: ['gone.md', 'privateer.md'],
      holds: ['a.md', 'new.md', 'private/b.md', 'private/deep/c.md'],
    });
    expect(compareManifest(storedEarlier(previous), { ...outcome, unlisted: [] }).gone).toEqual([
      'gone.md',
      'private/b.md',
      'private/deep/c.md',
      'privateer.md',
    ]);
  });

  it('records a failed file only when an earlier version of it is stored, and an empty one never', () => {
    const previous = ['kept.md', 'emptied.md'];
    const outcome = {
      stored: ['a.md'],
      failed: ['kept.md', 'never.txt'],
      empty: ['emptied.md', 'blank.md'],
      unlisted: [],
    };
    expect(compareManifest(storedEarlier(previous), outcome)).toEqual({
      gone: [],
      holds: ['a.md', 'kept.md'],
    });
  });

  it('never removes a document another folder holds, and stops holding it', () => {
    const manifest = {
      documentIds: ['a.md', 'shared.md'],
      heldElsewhere: new Map([['shared.md', '/docs/other']]),
    };
    const outcome = { stored: ['a.md'], failed: [], empty: [], unlisted: [] };
    expect(compareManifest(manifest, outcome)).toEqual({ gone: [], holds: ['a.md'] });
  });
});
