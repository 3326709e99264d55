import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  exports?: unknown;
  bin?: Record<string, string>;
};
// Every file path a manifest field names, however deeply nested (exports conditions, subpaths).
const pathsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(pathsIn);

describe('@opwire/cli package.json', () => {
  it('names only files that exist, in exports and bin', () => {
    const named = [...pathsIn(manifest.exports), ...pathsIn(manifest.bin)];
    expect(named).toContain('./bin/opwire.js');
    for (const path of named) expect(existsSync(fileURLToPath(new URL(path, root))), path).toBe(true);
  });

  it('runs the bin, which lists the commands', { timeout: 60_000 }, () => {
    const result = spawnSync(process.execPath, [fileURLToPath(new URL(manifest.bin!.opwire!, root))], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    for (const command of ['tools', 'ingest', 'ask', 'bench']) expect(result.stdout).toMatch(`  ${command} `);
  });
});
