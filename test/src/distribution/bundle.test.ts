import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from './pack-workspace.js';

// The README's "Bundling" line, followed as a deploying team would: the example shop (every package: core,
// http, postgres on embedded PGlite, ai, knowledge, mcp, console) bundled into one ES module with exactly the
// README's banner and externals, then run by plain node from a folder whose node_modules holds only the
// externals and swagger-ui-dist, with the shop's knowledge files beside it as in the repository.

const readme = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
const bullet = readme.slice(readme.indexOf('- **Bundling**'), readme.indexOf('- **The CLI**'));
const banner = /--banner:js="([^"]+)"/.exec(bullet)?.[1];
const externals = [...bullet.matchAll(/--external:(\S+?)`?(?=\s|`|$)/g)].map((match) => match[1]!);

/** Where each package the bundle leaves out is installed in the workspace (a pnpm link to its real folder). */
const installed: Record<string, string> = {
  '@opwire/console': 'apps/shop/node_modules/@opwire/console',
  '@electric-sql/pglite': 'packages/postgres/node_modules/@electric-sql/pglite',
  '@electric-sql/pglite-pgvector': 'packages/postgres/node_modules/@electric-sql/pglite-pgvector',
  'swagger-ui-dist': 'apps/shop/node_modules/swagger-ui-dist',
};

describe('the example shop bundled with esbuild as the README says', { timeout: 180_000 }, () => {
  let folder: string;
  let shop: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'opwire-bundle-'));
    // The shop finds its knowledge files at `../../knowledge` from its module, as from `src/assistant/`.
    const outfile = join(folder, 'src/assistant/shop.mjs');
    await build({
      entryPoints: [join(workspaceRoot, 'apps/shop/src/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      banner: { js: banner ?? '' },
      external: externals,
      logLevel: 'silent',
    });
    cpSync(join(workspaceRoot, 'apps/shop/knowledge'), join(folder, 'knowledge'), { recursive: true });
    for (const [name, path] of Object.entries(installed)) {
      const link = join(folder, 'node_modules', name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(realpathSync(join(workspaceRoot, path)), link, 'dir');
    }
    // Embedded PGlite: the shop uses a server only when DATABASE_URL names one.
    const { DATABASE_URL: _server, ...environment } = process.env;
    shop = spawn(process.execPath, [outfile], {
      cwd: folder,
      env: { ...environment, PORT: '0', OPENAI_API_KEY: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      shop!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Chat\s+(http:\/\/\S+?)\/\s/.exec(out);
        if (found) resolve(found[1]!);
      });
      shop!.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      shop!.once('exit', (code) => reject(new Error(`the bundled shop exited with ${code}: ${err}`)));
    });
  });

  afterAll(async () => {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once('exit', resolve));
      shop.kill();
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the flags from the README', () => {
    expect(banner).toContain('createRequire');
    expect(externals).toEqual(['@opwire/console', '@electric-sql/pglite', '@electric-sql/pglite-pgvector']);
  });

  it('serves its operations on embedded PGlite, the knowledge search, the pages and the docs', async () => {
    const get = (path: string, token?: string) =>
      fetch(`${url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const ready = await get('/health/ready');
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const orders = await get('/orders', 'customer-token');
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { orders: unknown[] }).orders.length).toBeGreaterThan(0);
    const search = await fetch(`${url}/knowledge/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'return unworn shoes' }),
    });
    expect(((await search.json()) as { results: Array<{ documentId: string }> }).results[0]).toMatchObject({
      documentId: expect.stringMatching(/^returns-policy/),
    });
    for (const page of ['/', '/console']) {
      const answer = await get(page);
      expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      const script = /<script type="module"[^>]*src="([^"]+)"/.exec(await answer.text())?.[1];
      expect((await get(script!)).status).toBe(200);
    }
    expect((await get('/docs')).status).toBe(200);
    expect((await get('/docs/swagger-ui.css')).status).toBe(200);
  });
});
