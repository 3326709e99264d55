import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataError } from './data-error.js';
import {
  breakFileName,
  isLockFile,
  lockDataDir,
  lockFileName,
  removeStaleLock,
  startTimeOf,
} from './lock-data-dir.js';

// Two commands started together may both find the lock of a process that is gone. Only one at a time may remove
// it (the one that created the break file), and only while it still names that process.

let dataDir: string;
let lock: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'opwire-lock-'));
  lock = join(dataDir, lockFileName);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The id of a process that has exited. */
const gone = () => spawnSync(process.execPath, ['-e', '']).pid as number;
/** This process as a lock names it. */
const ownStart = startTimeOf(process.pid);
const ownLock = ownStart === undefined ? `${process.pid}\n` : `${process.pid} ${ownStart}\n`;

describe('removeStaleLock', () => {
  it('removes a lock that still names the process that is gone, and its break file', () => {
    const stale = gone();
    writeFileSync(lock, `${stale}\n`);
    removeStaleLock(lock, { pid: stale }, dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('leaves in place a lock another command took over after the stale one was read', () => {
    const stale = gone();
    // Read as stale; then another command (this test process, running) removed it and took the folder.
    writeFileSync(lock, ownLock);
    removeStaleLock(lock, { pid: stale }, dataDir);
    expect(readdirSync(dataDir)).toEqual([lockFileName]);
    expect(readFileSync(lock, 'utf8')).toBe(ownLock);
  });

  it('does nothing when the lock is already gone', () => {
    removeStaleLock(lock, { pid: gone() }, dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('waits for a command removing it already, and names the break file if that command never finishes', () => {
    const stale = gone();
    writeFileSync(lock, `${stale}\n`);
    const guard = join(dataDir, breakFileName);
    writeFileSync(guard, `${gone()}\n`);
    expect(() => removeStaleLock(lock, { pid: stale }, dataDir)).toThrow(
      new DataError(
        `--data-dir ${dataDir}: another command is removing the lock of a process that is gone (if none runs, delete ${guard})`,
      ),
    );
    // The stale lock is left to the break file's holder.
    expect(readdirSync(dataDir).sort()).toEqual([lockFileName, breakFileName]);
  });
});

describe('lockDataDir', () => {
  it('takes over a stale lock, names itself with its start time, and gives the folder back on release', () => {
    writeFileSync(lock, `${gone()}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lock, 'utf8')).toBe(ownLock);
    expect(readdirSync(dataDir)).toEqual([lockFileName]);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a folder whose lock names a running process', () => {
    writeFileSync(lock, ownLock);
    expect(() => lockDataDir(dataDir)).toThrow(`--data-dir ${dataDir} is in use by process ${process.pid}`);
    expect(readFileSync(lock, 'utf8')).toBe(ownLock);
  });

  it.skipIf(ownStart === undefined)(
    'takes over a lock whose process id now belongs to another process (Linux: the start time differs)',
    () => {
      // The id is this running process's, the start time is not: the process that wrote it is gone, its id reused.
      writeFileSync(lock, `${process.pid} 1\n`);
      const release = lockDataDir(dataDir);
      expect(readFileSync(lock, 'utf8')).toBe(ownLock);
      release();
    },
  );

  it('gives a stale lock to exactly one of several commands started together', {
    timeout: 120_000,
  }, async () => {
    const contenders = 6;
    // Each command loads, says it is ready, and on "go" (sent to all at once) takes the folder. The one that got it
    // holds it until told to stop, then checks that the lock still names it.
    const script = `
      import { readFileSync } from 'node:fs';
      import { lockDataDir } from ${JSON.stringify(new URL('./lock-data-dir.ts', import.meta.url).href)};
      const lines = (await import('node:readline')).createInterface({ input: process.stdin })[Symbol.asyncIterator]();
      console.log('ready');
      await lines.next();
      try {
        lockDataDir(process.argv[1]);
        console.log('took');
        await lines.next();
        const text = readFileSync(process.argv[1] + '/opwire.lock', 'utf8');
        console.log(text.split(' ')[0].trim() === String(process.pid) ? 'held' : 'lost');
      } catch (error) {
        console.log(error.message.includes('is in use by process') ? 'refused' : 'failed: ' + error.message);
      }
      process.exit(0);`;
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    for (let round = 0; round < 3; round++) {
      writeFileSync(lock, `${gone()}\n`);
      const children = Array.from({ length: contenders }, () => {
        // The workspace root, where tsx is installed, runs this module's TypeScript.
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
          {
            cwd: root,
            stdio: ['pipe', 'pipe', 'inherit'],
          },
        );
        // A command that was refused exits on its own, and may be gone before its "stop" arrives: a write to its
        // closed pipe fails with EPIPE, which is no finding. Any other pipe error is.
        const pipeErrors: Error[] = [];
        child.stdin.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE') pipeErrors.push(error);
        });
        const said: string[] = [];
        const waiters: Array<() => void> = [];
        child.stdout.on('data', (chunk: Buffer) => {
          said.push(...chunk.toString().split('\n').filter(Boolean));
          for (const wake of waiters.splice(0)) wake();
        });
        const exited = new Promise((resolve) => child.on('exit', resolve));
        /** Resolves once the command has said `count` lines. */
        const saidLines = async (count: number) => {
          while (said.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
        };
        return { child, said, saidLines, exited, pipeErrors };
      });
      await Promise.all(children.map((each) => each.saidLines(1)));
      for (const each of children) each.child.stdin.write('go\n');
      await Promise.all(children.map((each) => each.saidLines(2)));
      const outcomes = children.map((each) => each.said[1]);
      expect(outcomes.filter((outcome) => outcome === 'took')).toEqual(['took']);
      expect(outcomes.filter((outcome) => outcome !== 'took')).toEqual(Array(contenders - 1).fill('refused'));
      for (const each of children) {
        if (each.said[1] === 'took') each.child.stdin.end('stop\n');
        else each.child.stdin.end();
      }
      await Promise.all(children.map((each) => each.exited));
      expect(children.flatMap((each) => each.pipeErrors)).toEqual([]);
      expect(children.flatMap((each) => each.said.slice(2))).toEqual(['held']);
      // The holder released it at exit; nothing else is left behind.
      expect(readdirSync(dataDir)).toEqual([]);
    }
  });
});

describe('isLockFile', () => {
  it('is the lock, the break file and either while it is written, nothing else', () => {
    expect(
      [lockFileName, breakFileName, `${lockFileName}.4242`, `${breakFileName}.4242`].map(isLockFile),
    ).toEqual([true, true, true, true]);
    expect(['opwire.locks', 'PG_VERSION', 'base'].map(isLockFile)).toEqual([false, false, false]);
  });
});
