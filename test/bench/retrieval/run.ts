/**
 * Retrieval benchmark: `opwire bench retrieval` over BEIR SciFact (test split) when the data set sits
 * beside the repository (`../shared/data/scifact`), or over `--data <dir>` / `SCIFACT_DIR`.
 * Prints nDCG@10, Recall@100 and MAP per mode, ingest documents/s and query latency p50/p99.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const data =
  process.env.SCIFACT_DIR ?? fileURLToPath(new URL('../../../../shared/data/scifact', import.meta.url));
if (!existsSync(data)) {
  console.log(`retrieval benchmark skipped: no BEIR data at ${data} (set SCIFACT_DIR)`);
  process.exit(0);
}
const cli = fileURLToPath(new URL('../../../packages/cli/bin/opwire.js', import.meta.url));
const result = spawnSync(
  process.execPath,
  [cli, 'bench', 'retrieval', '--data', data, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
