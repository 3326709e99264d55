import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the CLI tests run the binary from. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The `opwire` binary as the workspace builds it. */
export const opwireBin = join(root, 'packages/cli/bin/opwire.js');

/** Runs the real `opwire` binary, as a user would; `env` is laid over this process's environment. */
export function runOpwire(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [opwireBin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}
