import { startFastify } from './servers/fastify.js';
import { startOpwire } from './servers/opwire.js';
import { startRaw } from './servers/raw.js';

const name = process.argv[2];
const start = name === 'raw' ? startRaw : name === 'fastify' ? startFastify : startOpwire;
const port = await start();
console.log(port);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
