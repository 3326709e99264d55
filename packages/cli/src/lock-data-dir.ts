import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DataError } from './data-error.js';

/** The file in a PGlite data folder that says which process has it open. */
export const lockFileName = 'opwire.lock';

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Whether a process of that id runs (one of another user counts: it cannot be signalled, but it is there). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** The process id a lock file holds; `undefined` while its holder is still writing it, or if it went away. */
function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes the lock file at `path` if it still names `stale`, a process that is gone. Two commands may find the
 * same stale lock: the file is first moved aside (one rename wins), and a lock another command took over since
 * `stale` was read is put back rather than deleted, so that command keeps the folder and this one is refused.
 */
export function removeStaleLock(path: string, stale: number): void {
  const aside = `${path}.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (holderOf(aside) === stale) return;
    try {
      linkSync(aside, path);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes a PGlite data folder for this process (creating the folder if need be): PGlite serves one process at a
 * time, and a second one would lose its writes. The lock file, created exclusively, holds this process's id; a
 * lock whose process is gone (killed, crashed) is taken over. Returns the release, also run when the process
 * exits. Throws a `DataError` naming the folder and the holder when another process has it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  for (;;) {
    try {
      const file = openSync(path, 'wx');
      writeSync(file, `${process.pid}\n`);
      closeSync(file);
      break;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const holder = holderOf(path);
      if (holder === undefined || isRunning(holder)) {
        throw new DataError(
          `--data-dir ${dataDir} is in use by ${holder === undefined ? 'another process' : `process ${holder}`} (one process at a time; if none runs, delete ${path})`,
        );
      }
      removeStaleLock(path, holder);
    }
  }
  const release = () => {
    process.off('exit', release);
    if (holderOf(path) === process.pid) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
}
