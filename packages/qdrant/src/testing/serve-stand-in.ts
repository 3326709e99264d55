/**
 * Serves the Qdrant stand-in until interrupted, for `opwire bench retrieval --store qdrant` without a server:
 * `pnpm --filter @opwire/qdrant stand-in [--port 6333]`. It prints its URL and, on exit, any problem found.
 */
import { parseArgs } from 'node:util';
import { startQdrantStandIn } from './start-qdrant-stand-in.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '6333' } } });
const standIn = await startQdrantStandIn({ port: Number(values.port) });
console.log(`Qdrant stand-in listening on ${standIn.url} (Ctrl-C to stop)`);
const stop = async () => {
  await standIn.close();
  console.log(`${standIn.calls.length} calls served, ${standIn.problems.length} problems`);
  for (const problem of standIn.problems.slice(0, 20)) console.log(`  ${problem}`);
  process.exit(standIn.problems.length === 0 ? 0 : 1);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
