/**
 * Distribution benchmark: what each package weighs as a tarball (packed, unpacked, files) and how long
 * `opwire --help` takes, against starting plain `node` in the same run (the floor any CLI pays).
 * Run: `npx tsx test/bench/distribution/run.ts` (RUNS, default 15, the CLI timings per command).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildWorkspace,
  listPublishedPackages,
  packPackage,
  workspaceRoot,
} from '../../src/distribution/pack-workspace.js';
import { readTarball } from '../../src/distribution/read-tarball.js';

const runs = Number(process.env.RUNS ?? 15);

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function medianMilliseconds(command: readonly string[]): { median: number; status: number | null } {
  const times: number[] = [];
  let status: number | null = null;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(command[0]!, command.slice(1), { cwd: workspaceRoot, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    status = result.status;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, status };
}

buildWorkspace();
const destination = mkdtempSync(join(tmpdir(), 'opwire-bench-pack-'));
try {
  console.log('package              packed      unpacked    files');
  let packed = 0;
  let unpacked = 0;
  for (const pack of listPublishedPackages()) {
    const tarball = packPackage(pack, destination);
    const entries = await readTarball(tarball);
    const size = entries.reduce((sum, entry) => sum + entry.content.length, 0);
    packed += statSync(tarball).size;
    unpacked += size;
    console.log(
      `${pack.name.padEnd(20)} ${kilobytes(statSync(tarball).size).padStart(10)}  ${kilobytes(size).padStart(10)}  ${String(entries.length).padStart(5)}`,
    );
  }
  console.log(`${'all'.padEnd(20)} ${kilobytes(packed).padStart(10)}  ${kilobytes(unpacked).padStart(10)}`);
} finally {
  rmSync(destination, { recursive: true, force: true });
}

const node = medianMilliseconds([process.execPath, '-e', '']);
console.log(`\nstart-up, median of ${runs} runs (${process.version}):`);
console.log(`  node -e ''             ${node.median.toFixed(1)} ms (baseline)`);
for (const args of [['--help'], []]) {
  const cli = medianMilliseconds([process.execPath, 'packages/cli/bin/opwire.js', ...args]);
  const label = `opwire ${args.join(' ')}`.padEnd(22);
  console.log(
    `  ${label} ${cli.median.toFixed(1)} ms, ${(cli.median / node.median).toFixed(1)}x node (exit ${cli.status})`,
  );
}
