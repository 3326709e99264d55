import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startOpenAIWireServer } from '../ai/openai-wire-server.js';
import { startShopMain } from './shop-harness.js';

// `apps/shop/src/main.ts` shutting down: a second SIGTERM or SIGINT while in-flight requests still run (here a chat
// answer the model never finishes) ends the process at once, with code 1 and a line saying so.

it('exits at once with code 1 on a second signal during shutdown, saying so', async () => {
  const model = await startOpenAIWireServer();
  const folder = await mkdtemp(join(tmpdir(), 'opwire-shop-signals-'));
  let shop: ChildProcess | undefined;
  try {
    model.script({ kind: 'hang', chunks: ['Still', ' thinking'], delayMs: 200 });
    const { child, url } = await startShopMain({
      DATABASE_URL: '',
      DATA_DIR: folder,
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_API_KEY: 'test',
      OPWIRE_CHAT_MODEL: 'local-model',
    });
    shop = child;
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const answer = await fetch(`${url}/ai/chat/stream`, {
      method: 'POST',
      headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Take your time' }),
    });
    const reader = answer.body?.getReader();
    let streamed = '';
    while (!streamed.includes('Still')) {
      const { value, done } = (await reader?.read()) ?? { done: true };
      if (done) break;
      streamed += new TextDecoder().decode(value);
    }
    expect(streamed).toContain('Still');

    child.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 30_000 }).toContain('SIGTERM received');
    child.kill('SIGINT');
    const code = await exited;
    await reader?.cancel().catch(() => {});
    expect(code).toBe(1);
    expect(output).toMatch(/^SIGINT received during shutdown: exiting now/m);
  } finally {
    if (shop?.exitCode === null && shop.signalCode === null) shop.kill('SIGKILL');
    await model.close();
    await rm(folder, { recursive: true, force: true });
  }
}, 120_000);
