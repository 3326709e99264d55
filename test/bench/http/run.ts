/**
 * HTTP benchmark: the same JSON POST — a small order validated against its schema, answered with a list
 * of 10 orders checked against theirs (fastify: serialized by its response schema) — served by a raw
 * `node:http` server, Opwire, fastify, hono and oRPC, each in its own process, driven in turn by
 * autocannon (50 connections) over several rounds in alternating order. Prints requests/s, requests per
 * server CPU-second (steadier than requests/s on a shared machine) and p99 latency (to the microsecond),
 * each with its ratio to raw, and the spread of the per-round CPU ratios (median, lowest, highest).
 * On Linux with two CPUs or more and `taskset`, the servers run on CPU 1 and autocannon on CPU 0, so a
 * server never shares its CPU with the load generator (PIN=0 turns that off). Run:
 * `npx tsx test/bench/http/run.ts` (ROUNDS, default 10; SECONDS, CONNECTIONS, WARMUP (seconds of load
 * per server before the first round, default 5: until the JIT has settled) and ONLY=opwire,fastify for a
 * subset override).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { orderBody } from './contract.js';
import { MicrosecondHistogram } from './microsecond-histogram.js';
import { startFastify } from './servers/fastify.js';
import { startHono } from './servers/hono.js';
import { startOpwire } from './servers/opwire.js';
import { startOrpc } from './servers/orpc.js';
import { startRaw } from './servers/raw.js';

interface Contender {
  readonly name: string;
  readonly start: () => Promise<number>;
  readonly path: string;
  readonly body: string;
}

const allContenders: readonly Contender[] = [
  { name: 'raw node:http', start: startRaw, path: '/orders', body: orderBody },
  { name: 'opwire', start: () => startOpwire(), path: '/orders', body: orderBody },
  {
    name: 'opwire+access-log',
    start: () => startOpwire({ accessLog: true }),
    path: '/orders',
    body: orderBody,
  },
  { name: 'opwire+tracing', start: () => startOpwire({ tracing: true }), path: '/orders', body: orderBody },
  { name: 'fastify', start: startFastify, path: '/orders', body: orderBody },
  { name: 'hono', start: startHono, path: '/orders', body: orderBody },
  { name: 'orpc', start: startOrpc, path: '/rpc/orders/create', body: `{"json":${orderBody}}` },
];
// ONLY=opwire,fastify measures a subset (raw always runs: it is the yardstick).
const only = process.env.ONLY?.split(',');
const contenders = allContenders.filter(
  (each) => !only || each.name === 'raw node:http' || only.includes(each.name),
);

const rounds = Number(process.env.ROUNDS ?? 10);
const seconds = Number(process.env.SECONDS ?? 4);
const connections = Number(process.env.CONNECTIONS ?? 50);
const warmup = Number(process.env.WARMUP ?? 5);
const pinned =
  process.env.PIN !== '0' && process.platform === 'linux' && availableParallelism() >= 2 && pin();

/** Pins this process (the load generator) to CPU 0; servers are started on CPU 1. False when `taskset` is missing. */
function pin(): boolean {
  if (process.argv[2] === 'serve') return false;
  try {
    execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.argv[2] === 'serve') {
  const contender = allContenders.find((each) => each.name === process.argv[3]);
  if (!contender) throw new Error(`unknown contender ${process.argv[3]}`);
  const port = await contender.start();
  // The parent asks for CPU time around each measurement: a figure the machine's other load barely moves.
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.stdout.write(`${JSON.stringify({ port })}\n`);
} else {
  await main();
}

async function main() {
  const servers = [];
  for (const contender of contenders) servers.push({ contender, ...(await startChild(contender.name)) });
  const totals = new Map<
    string,
    {
      requests: number;
      seconds: number;
      p99: number[];
      errors: number;
      cpuMicros: number;
      perRequest: number[];
    }
  >();
  try {
    // Warm-up: a server with more code takes longer to be compiled (its first 20,000 requests cost
    // more CPU each than later ones); the rounds measure the steady state.
    for (const server of servers) await measure(server.port, server.contender, warmup);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        const before = await cpuOf(server.child);
        const { result, p99Micros } = await measure(server.port, server.contender, seconds);
        const after = await cpuOf(server.child);
        const total = totals.get(server.contender.name) ?? {
          requests: 0,
          seconds: 0,
          p99: [],
          errors: 0,
          cpuMicros: 0,
          perRequest: [],
        };
        const cpuMicros = after.user + after.system - before.user - before.system;
        total.cpuMicros += cpuMicros;
        total.perRequest.push(cpuMicros / result.requests.total);
        total.requests += result.requests.total;
        total.seconds += result.duration;
        total.p99.push(p99Micros);
        total.errors += result.errors + result.non2xx;
        totals.set(server.contender.name, total);
      }
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }
  } finally {
    for (const server of servers) server.child.kill();
  }
  const rawTotal = totals.get('raw node:http');
  const rawRate = rawTotal ? rawTotal.requests / rawTotal.seconds : Number.NaN;
  const rawCpu = rawTotal ? rawTotal.cpuMicros / rawTotal.requests : Number.NaN;
  console.log(
    `\n${rounds} rounds × ${seconds}s after a ${warmup}s warm-up per server, ${connections} connections, order alternating per round, ${pinned ? 'servers on CPU 1 and autocannon on CPU 0' : 'not pinned to CPUs'}\n`,
  );
  const medianOf = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const rawP99 = rawTotal ? medianOf(rawTotal.p99) : Number.NaN;
  console.log(
    '| server | requests/s | ratio to raw | requests per server CPU-second | ratio to raw | per-round CPU ratio: median (lowest–highest) | p99 µs (median of rounds) | p99 ratio to raw | errors |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { contender } of servers) {
    const total = totals.get(contender.name);
    if (!total) continue;
    const rate = total.requests / total.seconds;
    const p99 = medianOf(total.p99);
    const cpu = total.cpuMicros / total.requests;
    // Each round's ratio against raw's in the same round: how much the figure moves with the machine.
    const roundRatios = total.perRequest
      .map((micros, round) => (rawTotal?.perRequest[round] ?? Number.NaN) / micros)
      .sort((a, b) => a - b);
    const spread = `${medianOf(roundRatios).toFixed(2)} (${roundRatios[0]?.toFixed(2)}–${roundRatios.at(-1)?.toFixed(2)})`;
    console.log(
      `| ${contender.name} | ${rate.toFixed(0)} | ${(rate / rawRate).toFixed(2)} | ${(1e6 / cpu).toFixed(0)} | ${(rawCpu / cpu).toFixed(2)} | ${spread} | ${p99} | ${(p99 / rawP99).toFixed(2)} | ${total.errors} |`,
    );
  }
}

async function measure(port: number, contender: Contender, duration: number) {
  const latencies = new MicrosecondHistogram();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${contender.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: contender.body,
        connections,
        duration,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // Each response's time as autocannon measured it (hrtime, fractional milliseconds).
    instance.on('response', (_client, _status, _bytes, milliseconds) => latencies.record(milliseconds));
  });
  return { result, p99Micros: latencies.percentile(0.99) };
}

async function startChild(name: string) {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), 'serve', name];
  const child = spawn(
    pinned ? 'taskset' : process.execPath,
    pinned ? ['-c', '1', process.execPath, ...args] : args,
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  return { child, port };
}

function cpuOf(child: ChildProcess): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    child.once('message', (usage) => resolve(usage as NodeJS.CpuUsage));
    child.send('cpu');
  });
}
