import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataError } from './data-error.js';

/** The file in a PGlite data folder that says which process has it open. */
export const lockFileName = 'opwire.lock';

/** Beside the lock while a command removes a stale one: only its creator may remove a lock it did not take. */
export const breakFileName = 'opwire.lock.break';

/** Whether a file in a data folder is the lock's (the lock, the break file, or either while being written). */
export const isLockFile = (name: string): boolean =>
  name === lockFileName || name.startsWith(`${lockFileName}.`);

/** A lock's holder: a process id and, where the system tells it (Linux), when that process started. */
export interface LockHolder {
  readonly pid: number;
  readonly startedAt?: string;
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * When a process started, in clock ticks since boot (`/proc/<pid>/stat`, field 22); `undefined` where there is no
 * `/proc` (macOS, Windows) or the process is not there. With the id it names one process: an id is reused, a start
 * time with it is not.
 */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its last `)`.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder still runs: its id is in use (by a process of any user) and, when known, by the same process. */
function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (errorCode(error) !== 'EPERM') return false;
  }
  if (holder.startedAt === undefined) return true;
  const now = startTimeOf(holder.pid);
  return now === undefined || now === holder.startedAt;
}

/**
 * The holder a lock file names (`<pid> [<start time>]`); `'gone'` if there is no lock file, `'unreadable'` if it
 * names no process.
 */
export function holderOf(path: string): LockHolder | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone';
    throw error;
  }
  const [pidText, startedAt] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) return 'unreadable';
  return startedAt === undefined ? { pid } : { pid, startedAt };
}

const sameHolder = (left: ReturnType<typeof holderOf>, right: LockHolder) =>
  typeof left === 'object' && left.pid === right.pid && left.startedAt === right.startedAt;

/** What `link` fails with on a file system without hard links (FAT, exFAT, some network shares). */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates `path` holding `content`, or returns false if it exists. The content is written to a file of this
 * process first and hard-linked into place, so a lock is never seen half written. Where the file system has no
 * hard links, the file is created exclusively and written at once (another command that reads it in between is
 * refused as by a lock that names no process).
 */
function createWith(path: string, content: string): boolean {
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    if (!noHardLinks.has(errorCode(error) as string)) throw error;
  } finally {
    unlinkSync(draft);
  }
  try {
    writeFileSync(path, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** Waits about `ms` milliseconds without returning to the event loop (the lock is taken synchronously). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the lock at `path` if it still names `stale`, a process that is gone. Only the command that created the
 * break file beside it may remove a lock it does not hold: two commands that found the same stale lock cannot both
 * remove it, nor can one remove a lock a third took meanwhile (a lock is only ever created where none is, so under
 * the break file the stale one stays until it is removed). Another command removing a stale lock is waited for
 * briefly; a break file left by a command killed in those few instructions is named in the error, to be deleted.
 */
export function removeStaleLock(path: string, stale: LockHolder, dataDir: string): void {
  const guard = join(dataDir, breakFileName);
  for (let attempt = 0; !createWith(guard, `${process.pid}\n`); attempt++) {
    if (attempt === 50) {
      throw new DataError(
        `--data-dir ${dataDir}: another command is removing the lock of a process that is gone (if none runs, delete ${guard})`,
      );
    }
    pause(10);
  }
  try {
    if (sameHolder(holderOf(path), stale)) unlinkSync(path);
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes a PGlite data folder for this process (creating the folder if need be): PGlite serves one process at a
 * time, and a second one would lose its writes. The lock file, created only where none is, names this process
 * (its id and, on Linux, its start time); a lock whose process is gone (killed, crashed, its id since reused) is
 * taken over. Returns the release, also run when the process exits. Throws a `DataError` naming the folder and the
 * holder when another process has it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  const startedAt = startTimeOf(process.pid);
  const self: LockHolder = startedAt === undefined ? { pid: process.pid } : { pid: process.pid, startedAt };
  while (!createWith(path, startedAt === undefined ? `${process.pid}\n` : `${process.pid} ${startedAt}\n`)) {
    const holder = holderOf(path);
    // Released between the two steps: try again.
    if (holder === 'gone') continue;
    // A file that names no process (one an older version was still writing, or not a lock) is not ours to remove.
    if (holder === 'unreadable') {
      throw new DataError(
        `--data-dir ${dataDir} is in use by another process (one process at a time; if none runs, delete ${path})`,
      );
    }
    if (isRunning(holder)) {
      throw new DataError(
        `--data-dir ${dataDir} is in use by process ${holder.pid} (one process at a time; if none runs, delete ${path})`,
      );
    }
    removeStaleLock(path, holder, dataDir);
  }
  const release = () => {
    process.off('exit', release);
    if (sameHolder(holderOf(path), self)) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
}
