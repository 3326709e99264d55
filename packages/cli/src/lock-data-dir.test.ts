import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockFileName, removeStaleLock } from './lock-data-dir.js';

// Two commands started together may both find the lock of a process that is gone. Each removes it only if it
// still names that process: the one that comes second finds the first one's lock and must leave it.

let dataDir: string;
let lock: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'opwire-lock-'));
  lock = join(dataDir, lockFileName);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The id of a process that has exited. */
const gone = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('removeStaleLock', () => {
  it('removes a lock that still names the process that is gone', () => {
    const stale = gone();
    writeFileSync(lock, `${stale}\n`);
    removeStaleLock(lock, stale);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('leaves in place a lock another command took over after the stale one was read', () => {
    const stale = gone();
    // Read as stale; then another command (this test process, running) removed it and took the folder.
    writeFileSync(lock, `${process.pid}\n`);
    removeStaleLock(lock, stale);
    expect(readdirSync(dataDir)).toEqual([lockFileName]);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('does nothing when the lock is already gone', () => {
    removeStaleLock(lock, gone());
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('lockDataDir', () => {
  it('takes over a stale lock and gives the folder back on release', () => {
    writeFileSync(lock, `${gone()}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(lock)).toBe(false);
  });
});
