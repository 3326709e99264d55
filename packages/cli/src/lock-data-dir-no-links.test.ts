import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockDataDir, lockFileName, startTimeOf } from './lock-data-dir.js';

// A file system without hard links (FAT, exFAT, some network shares): `link` fails with EPERM there. The lock is
// then created exclusively and written at once, and works as it does elsewhere.
vi.mock('node:fs', async (original) => ({
  ...(await original<typeof import('node:fs')>()),
  linkSync: () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  },
}));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'opwire-lock-no-links-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('lockDataDir on a file system without hard links', () => {
  it('takes the folder, refuses a second taker, and gives it back on release', () => {
    const release = lockDataDir(dataDir);
    const start = startTimeOf(process.pid);
    expect(readFileSync(join(dataDir, lockFileName), 'utf8')).toBe(
      start === undefined ? `${process.pid}\n` : `${process.pid} ${start}\n`,
    );
    expect(readdirSync(dataDir)).toEqual([lockFileName]);
    expect(() => lockDataDir(dataDir)).toThrow(`is in use by process ${process.pid}`);
    release();
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });

  it('takes over the lock of a process that is gone', () => {
    writeFileSync(join(dataDir, lockFileName), '999999999\n');
    const release = lockDataDir(dataDir);
    expect(readdirSync(dataDir)).toEqual([lockFileName]);
    release();
  });
});
