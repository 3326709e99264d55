/**
 * Starts one benchmark server alone and prints its port, for profiling it under a load generator:
 * `node --cpu-prof --import tsx test/bench/http/profile-serve.ts opwire` (or `raw`, `fastify`), or
 * under `valgrind --tool=callgrind` to count instructions per request.
 */
import { startFastify } from './servers/fastify.js';
import { startOpwire } from './servers/opwire.js';
import { startRaw } from './servers/raw.js';

const servers: Record<string, () => Promise<number>> = {
  raw: startRaw,
  opwire: startOpwire,
  fastify: startFastify,
};
const start = servers[process.argv[2] ?? 'opwire'];
if (!start) throw new Error(`unknown server ${process.argv[2]}; one of ${Object.keys(servers).join(', ')}`);
console.log(await start());
// Exit on a signal so a CPU profile is written.
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
