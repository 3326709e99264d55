/**
 * HTTP benchmark: the same JSON POST — a small order validated against its schema, answered with a list
 * of 10 orders checked against theirs (fastify: serialized by its response schema) — served by a raw
 * `node:http` server, Opwire, fastify, hono and oRPC, each in its own process, driven in turn by
 * autocannon (50 connections). Prints requests/s, requests per server CPU-second (steadier than
 * requests/s on a shared machine) and p99 latency (to the microsecond), each against raw.
 *
 * Each round (ROUNDS, default 10) measures every server in turn, in alternating order, each as a fresh
 * process: started, loaded WARMUP seconds unmeasured (default 3: the JIT compiles during the first 20,000
 * requests or so), measured SECONDS (default 3), stopped. Two processes of the same server differ by as
 * much as the servers do, so one process per server would fix that luck for the whole run. A server's
 * headline ratio is the median over rounds of its ratio to raw's in the same round (one slow second does
 * not move it); the ratio of the totals is printed beside it. `raw (control)` is a second raw server
 * measured like a contender: its distance from 1.00 is the run's own noise.
 * On Linux with two CPUs or more and `taskset`, the servers run on CPU 1 and autocannon on CPU 0, so a
 * server never shares its CPU with the load generator (PIN=0 turns that off). Run:
 * `npx tsx test/bench/http/run.ts` (ROUNDS, SECONDS, WARMUP, CONNECTIONS; ONLY=opwire,fastify for a subset).
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
  { name: 'raw (control)', start: startRaw, path: '/orders', body: orderBody },
];
// ONLY=opwire,fastify measures a subset (raw always runs: it is the yardstick).
const only = process.env.ONLY?.split(',');
const contenders = allContenders.filter(
  (each) => !only || each.name === 'raw node:http' || only.includes(each.name),
);

const rounds = Number(process.env.ROUNDS ?? 10);
const seconds = Number(process.env.SECONDS ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 50);
const warmup = Number(process.env.WARMUP ?? 3);
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

/** One measurement of one server: what it served, the CPU it spent, its p99. */
interface Sample {
  readonly requests: number;
  readonly seconds: number;
  readonly cpuMicros: number;
  readonly p99Micros: number;
  readonly errors: number;
}

/** A started contender: its process and port. */
interface Server {
  readonly contender: Contender;
  readonly child: ChildProcess;
  readonly port: number;
}

async function main() {
  const yardstick = contenders.find((each) => each.name === 'raw node:http');
  if (!yardstick) throw new Error('raw must run: it is the yardstick');
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      // A fresh process for every measurement (see the top of this file), warmed before it is measured.
      const server = { contender, ...(await startChild(contender.name)) };
      try {
        await measure(server.port, contender, warmup);
        const taken = await sample(server);
        samples.set(contender.name, [...(samples.get(contender.name) ?? []), taken]);
      } finally {
        // A server that already died has nothing left to wait for.
        if (server.child.exitCode === null && server.child.signalCode === null) {
          const exited = new Promise((resolve) => server.child.once('exit', resolve));
          server.child.kill();
          await exited;
        }
      }
    }
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }

  async function sample(server: Server): Promise<Sample> {
    const before = await cpuOf(server.child);
    const { result, p99Micros } = await measure(server.port, server.contender, seconds);
    const after = await cpuOf(server.child);
    return {
      requests: result.requests.total,
      seconds: result.duration,
      cpuMicros: after.user + after.system - before.user - before.system,
      p99Micros,
      errors: result.errors + result.non2xx,
    };
  }

  const medianOf = (values: readonly number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const totalOf = (name: string) => {
    const taken = samples.get(name) ?? [];
    const sum = (pick: (each: Sample) => number) => taken.reduce((total, each) => total + pick(each), 0);
    return {
      rate: sum((each) => each.requests) / sum((each) => each.seconds),
      cpu: sum((each) => each.cpuMicros) / sum((each) => each.requests),
      p99: medianOf(taken.map((each) => each.p99Micros)),
      errors: sum((each) => each.errors),
    };
  };
  const rawTotal = totalOf(yardstick.name);
  const perRequest = (taken: Sample | undefined) => (taken ? taken.cpuMicros / taken.requests : Number.NaN);
  console.log(
    `\n${rounds} rounds in alternating order, each server a fresh process per round measured for ${seconds}s after a ${warmup}s warm-up, ${connections} connections, ${pinned ? 'servers on CPU 1 and autocannon on CPU 0' : 'not pinned to CPUs'}\n`,
  );
  console.log(
    '| server | requests/s | requests per server CPU-second | ratio to raw: median of rounds (lowest–highest) | ratio of totals | p99 µs (median) | p99 ratio to raw: median of rounds | errors |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${yardstick.name} | ${rawTotal.rate.toFixed(0)} | ${(1e6 / rawTotal.cpu).toFixed(0)} | 1.00 | 1.00 | ${rawTotal.p99} | 1.00 | ${rawTotal.errors} |`,
  );
  const rawSamples = samples.get(yardstick.name) ?? [];
  for (const contender of contenders) {
    if (contender === yardstick) continue;
    const total = totalOf(contender.name);
    const own = samples.get(contender.name) ?? [];
    // Each round's ratio against raw's in the same round.
    const pair = {
      cpu: own.map((each, round) => perRequest(rawSamples[round]) / perRequest(each)),
      p99: own.map((each, round) => each.p99Micros / (rawSamples[round]?.p99Micros ?? Number.NaN)),
    };
    const sorted = [...pair.cpu].sort((a, b) => a - b);
    console.log(
      `| ${contender.name} | ${total.rate.toFixed(0)} | ${(1e6 / total.cpu).toFixed(0)} | **${medianOf(pair.cpu).toFixed(2)}** (${sorted[0]?.toFixed(2)}–${sorted.at(-1)?.toFixed(2)}) | ${(rawTotal.cpu / total.cpu).toFixed(2)} | ${total.p99} | ${medianOf(pair.p99).toFixed(2)} | ${total.errors} |`,
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
