import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = join(root, 'packages/cli/bin/opwire.js');
const scratch = mkdtempSync(join(tmpdir(), 'opwire-cli-ingest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Runs the real `opwire` binary as a user would, optionally under a lower open-file limit (`ulimit -n`).
const opwire = (args: string[], options: { openFiles?: number } = {}) =>
  options.openFiles === undefined
    ? spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' })
    : spawnSync(
        'sh',
        ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, process.execPath, bin, ...args],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );

/** A folder of `files` (name → contents) under the scratch folder. */
function folder(name: string, files: Record<string, string | Buffer>): string {
  const path = join(scratch, name);
  mkdirSync(path, { recursive: true });
  for (const [file, contents] of Object.entries(files)) writeFileSync(join(path, file), contents);
  return path;
}

describe('opwire ingest', { timeout: 120_000 }, () => {
  // 512 leaves Node room to load its modules (it needs about 200 at once), and the folder holds more files.
  it('ingests a folder of more files than the open-file limit allows at once', () => {
    const files = Object.fromEntries(
      Array.from({ length: 560 }, (_, index) => [`doc${index}.md`, `# Doc ${index}\n\nText ${index}.\n`]),
    );
    const result = opwire(['ingest', folder('many', files), '--data-dir', join(scratch, 'many-data')], {
      openFiles: 512,
    });
    expect(result.stderr).not.toContain('EMFILE');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ingested 560\/560 documents into /m);
  });
});
