import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startShopMain } from './shop-harness.js';

const started: ChildProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) await stop(child);
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** Starts the shop's own entry point on PGlite (no database server, whatever this process was given). */
async function start(environment: Record<string, string>) {
  const running = await startShopMain({ DATABASE_URL: '', ...environment });
  started.push(running.child);
  return running;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

it('keeps its PGlite database in DATA_DIR, resolved from where the command was typed, across restarts', async () => {
  const where = await mkdtemp(join(tmpdir(), 'opwire-shop-cwd-'));
  folders.push(where);
  // `pnpm start` runs the shop in apps/shop and names the folder the user typed it in as INIT_CWD.
  const first = await start({ DATA_DIR: 'shop-data', INIT_CWD: where });
  const created = await fetch(`${first.url}/orders`, {
    method: 'POST',
    headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
    body: JSON.stringify({ sku: 'MS-02', quantity: 2, note: 'data-dir' }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await stop(first.child);
  expect((await readdir(join(where, 'shop-data'))).length).toBeGreaterThan(0);

  const second = await start({ DATA_DIR: join(where, 'shop-data') });
  const read = await fetch(`${second.url}/orders/${id}`, {
    headers: { authorization: 'Bearer customer-token' },
  });
  expect([read.status, ((await read.json()) as { note: string }).note]).toEqual([200, 'data-dir']);
});
