import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runOpwire } from './run-opwire.js';

const docs = fileURLToPath(new URL('./__fixtures__/docs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'opwire-cli-data-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const opwire = (...args: string[]) => runOpwire(args, { OPWIRE_DEBUG: '', DATABASE_URL: '' });

/** A folder holding one text file: what a user's documents folder looks like. */
function documentsFolder(name: string): string {
  const path = join(scratch, name);
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'notes.md'), '# Notes\n');
  return path;
}

describe('opwire --data-dir', { timeout: 120_000 }, () => {
  it('ask and trim refuse a folder that is not a store with exit 1, writing nothing into it', () => {
    const notes = documentsFolder('notes');
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    for (const folder of [notes, empty]) {
      const asked = opwire('ask', 'shoes', '--data-dir', folder);
      expect(asked).toMatchObject({ status: 1, stdout: '' });
      expect(asked.stderr).toBe(
        `opwire ask: --data-dir ${folder} is not a PGlite database folder (ingest into it first: opwire ingest <dir> --data-dir <folder>)\n`,
      );
      const trimmed = opwire('trim', '--older-than-days', '90', '--data-dir', folder);
      expect(trimmed).toMatchObject({ status: 1, stdout: '' });
      expect(trimmed.stderr).toBe(`opwire trim: --data-dir ${folder} is not a PGlite database folder\n`);
    }
    expect(readdirSync(notes)).toEqual(['notes.md']);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('ingest, ask and trim say a --data-dir that is a regular file is not a folder', () => {
    const file = join(scratch, 'afile.txt');
    writeFileSync(file, 'not a database\n');
    for (const args of [
      ['ingest', docs],
      ['ask', 'shoes'],
      ['trim', '--older-than-days', '90'],
    ]) {
      const result = opwire(...args, '--data-dir', file);
      expect(result).toMatchObject({
        status: 1,
        stdout: '',
        stderr: `opwire ${args[0]}: --data-dir ${file} is not a folder\n`,
      });
    }
  });

  it('trim refuses a folder that does not exist with exit 1 and does not create it', () => {
    const typo = join(scratch, 'typo');
    const result = opwire('trim', '--older-than-days', '90', '--data-dir', typo);
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `opwire trim: --data-dir ${typo} does not exist\n`,
    });
    expect(existsSync(typo)).toBe(false);
  });

  it('ingest refuses a folder of other files, so a slip like --data-dir ./docs writes no database into it', () => {
    const notes = documentsFolder('ingest-notes');
    const result = opwire('ingest', docs, '--data-dir', notes);
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toBe(
      `opwire ingest: --data-dir ${notes} holds other files and no PGlite database; name a new or empty folder for the store\n`,
    );
    expect(readdirSync(notes)).toEqual(['notes.md']);
  });

  it.each([
    ['ingest', [docs]],
    ['ask', ['shoes']],
    ['trim', ['--older-than-days', '90']],
  ])('%s with an empty --data-dir is a usage error (exit 2), not a database in memory', (command, args) => {
    const result = opwire(command, ...args, '--data-dir', '');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(`opwire ${command}: --data-dir must name a folder, not ""`);
  });

  it('ask refuses a --collection the store holds nothing of with exit 1, naming it', () => {
    const dataDir = join(scratch, 'collections');
    expect(opwire('ingest', docs, '--data-dir', dataDir, '--collection', 'faq').status).toBe(0);
    for (const collection of ['tpyo', 'default']) {
      expect(
        opwire('ask', 'Can I return shoes?', '--data-dir', dataDir, '--collection', collection),
      ).toMatchObject({
        status: 1,
        stdout: '',
        stderr: `opwire ask: collection ${collection} does not exist in --data-dir ${dataDir} (ingest into it first: opwire ingest <dir> --data-dir <folder> --collection ${collection})\n`,
      });
    }
    const asked = opwire('ask', 'Can I return shoes?', '--data-dir', dataDir, '--collection', 'faq');
    expect(asked.status).toBe(0);
    expect(asked.stdout).toMatch(/\[1\] Returns policy \(returns\.md#0/);
  });

  it.each([
    ['ingest', [docs], ''],
    ['ask', ['shoes'], ''],
    ['ask', ['shoes'], ' '],
  ])(
    '%s with an empty --collection is a usage error (exit 2) naming it, creating nothing',
    (command, args, name) => {
      const dataDir = join(scratch, `blank-collection-${command}`);
      const result = opwire(command, ...args, '--data-dir', dataDir, '--collection', name);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe(
        `opwire ${command}: --collection must name a collection, not "${name}"`,
      );
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it('ask answers from a store that ingest made', () => {
    const dataDir = join(scratch, 'store');
    expect(opwire('ingest', docs, '--data-dir', dataDir).status).toBe(0);
    const asked = opwire('ask', 'Can I return shoes?', '--data-dir', dataDir);
    expect(asked.status).toBe(0);
    expect(asked.stdout).toMatch(/\[1\] Returns policy \(returns\.md#0/);
    const trimmed = opwire('trim', '--older-than-days', '90', '--data-dir', dataDir);
    expect(trimmed).toMatchObject({ status: 0, stderr: '' });
  });
});

describe('opwire on a PGlite --data-dir another process has open', { timeout: 120_000 }, () => {
  const dataDir = join(scratch, 'locked');
  const lock = join(dataDir, 'opwire.lock');

  it('refuses ingest, ask and trim with exit 1 while the lock holder runs, and leaves its lock', () => {
    expect(opwire('ingest', docs, '--data-dir', dataDir).status).toBe(0);
    expect(existsSync(lock)).toBe(false);
    // This test's own process stands for a running `opwire ingest`.
    writeFileSync(lock, `${process.pid}\n`);
    const message = `--data-dir ${dataDir} is in use by process ${process.pid} (one process at a time; if none runs, delete ${lock})`;
    for (const args of [
      ['ingest', docs],
      ['ask', 'shoes'],
      ['trim', '--older-than-days', '90'],
    ]) {
      const result = opwire(...args, '--data-dir', dataDir);
      expect(result).toMatchObject({ status: 1, stdout: '', stderr: `opwire ${args[0]}: ${message}\n` });
    }
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid}\n`);
  });

  it('takes over the lock of a process that is gone, and removes it at exit', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lock, `${gone}\n`);
    const result = opwire('ingest', docs, '--data-dir', dataDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ingested 3\/3 documents/m);
    expect(existsSync(lock)).toBe(false);
    expect(opwire('ask', 'Can I return shoes?', '--data-dir', dataDir).stdout).toMatch(/\(returns\.md#0/);
  });
});
