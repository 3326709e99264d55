import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnvironment,
  consumerSources,
  createConsumerProject,
  readmeDevInstall,
  readmeInstall,
  supportedNodes,
} from './consumer-project.js';
import { collectInstalled, packInstalled } from './dependency-closure.js';
import { type LocalRegistry, startLocalRegistry } from './local-registry.js';
import { buildWorkspace, listPublishedPackages, packPackage, workspaceRoot } from './pack-workspace.js';

// The published shape, proven from outside the workspace: every package packed, installed with npm into fresh
// projects from a registry on loopback that serves only those tarballs and the third-party packages this
// workspace already has installed (packed from node_modules), so nothing is fetched from the network.
const scratch = mkdtempSync(join(tmpdir(), 'opwire-consumer-'));
const packages = listPublishedPackages();
const consumerManifest = JSON.parse(readFileSync(join(consumerSources, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const thirdParty = Object.entries(consumerManifest.devDependencies).map(
  ([name, range]) => `${name}@${range}`,
);
const nodes = supportedNodes();
let registry: LocalRegistry;
let tarballs: string[];

const project = (name: string) =>
  createConsumerProject(join(scratch, name), registry.url, join(scratch, 'npm-cache'));
const copy = (from: string, to: string) => {
  mkdirSync(join(to, '..'), { recursive: true });
  copyFileSync(join(consumerSources, from), to);
};
/** Compiles with the project's own TypeScript; resolves with what tsc printed (nothing when it compiled cleanly). */
const tsc = (folder: string, config: string) =>
  new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', config], {
      cwd: folder,
      env: cleanEnvironment(),
    });
    let printed = '';
    child.stdout.on('data', (chunk) => (printed += chunk));
    child.stderr.on('data', (chunk) => (printed += chunk));
    child.on('close', () => resolve(printed));
  });

beforeAll(async () => {
  buildWorkspace();
  tarballs = packages.map((pack) => packPackage(pack, join(scratch, 'tarballs')));
  const installed = collectInstalled([
    ...packages.map((pack) => {
      const manifest = JSON.parse(readFileSync(join(pack.folder, 'package.json'), 'utf8'));
      const names = [manifest.dependencies, manifest.peerDependencies].flatMap((each) =>
        Object.keys(each ?? {}),
      );
      return { folder: pack.folder, names };
    }),
    { folder: consumerSources, names: Object.keys(consumerManifest.devDependencies) },
  ]).filter((each) => !each.name.startsWith('@opwire/'));
  const closure = packInstalled(installed, join(workspaceRoot, 'node_modules/.cache/opwire-consumer'));
  registry = await startLocalRegistry([...tarballs, ...closure]);
}, 600_000);

// Removing the installed projects takes more than a minute on a busy machine.
afterAll(async () => {
  await registry?.close();
  rmSync(scratch, { recursive: true, force: true });
}, 300_000);

/** Starts the README's app, waits for its greeting, calls it over HTTP, and stops it. */
async function runReadmeApp(folder: string, binary: string): Promise<{ printed: string; answer: unknown }> {
  const child = spawn(binary, ['dist/app.js'], { cwd: folder, env: { ...cleanEnvironment(), PORT: '0' } });
  let printed = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        printed += chunk;
        if (printed.includes('Hello, Ada!')) resolve();
      });
      child.stderr.on('data', (chunk) => (printed += chunk));
      child.on('close', () => reject(new Error(`the app exited: ${printed}`)));
    });
    const url = /POST (\S+)/.exec(printed)![1]!;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Lin"}',
    });
    return { printed, answer: [response.status, await response.json()] };
  } finally {
    child.kill();
  }
}

describe('a new user, outside the workspace', { timeout: 600_000 }, () => {
  it('runs the Node versions it supports: 20 and the current LTS line (26)', () => {
    const missing = nodes.filter((node) => !node.binary).map((node) => node.name);
    expect(missing, 'pinned Node binaries come with pnpm install on linux-x64').toEqual([]);
  });

  it("installs core and http with the README's line, gets neither PGlite nor the AI SDK, and runs the README app", async () => {
    const readme = project('readme');
    await readme.install(readmeInstall);
    await readme.install(readmeDevInstall, { dev: true });
    for (const absent of [
      '@electric-sql/pglite',
      '@electric-sql/pglite-pgvector',
      'ai',
      '@ai-sdk/provider',
      'swagger-ui-dist',
      'pg',
    ]) {
      expect(readme.has(absent), absent).toBe(false);
    }
    expect(readme.has('@opwire/core') && readme.has('@opentelemetry/api') && readme.has('inversify')).toBe(
      true,
    );

    copy('src/app.ts', join(readme.folder, 'src/app.ts'));
    copy('tsconfig.nodenext.json', join(readme.folder, 'tsconfig.json'));
    expect(await tsc(readme.folder, 'tsconfig.json')).toBe('');
    copy('src/minimal.mjs', join(readme.folder, 'minimal.mjs'));
    for (const { binary } of nodes) {
      const { printed, answer } = await runReadmeApp(readme.folder, binary!);
      expect(printed).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/greetings\nHello, Ada!\n/);
      expect(answer).toEqual([201, { message: 'Hello, Lin!' }]);
      // Without swagger-ui-dist there is no /docs, and `docs: true` says what to install.
      const minimal = await readme.node(binary!, ['minimal.mjs']);
      expect(minimal.stderr).toBe('');
      expect(minimal.stdout).toMatch(/^minimal check passed on Node (20|26)\./);
    }
  });

  it('compiles an app using every package and subpath under NodeNext and bundler resolution, and runs it with plain node on each version', async () => {
    const app = project('app');
    await app.install([
      ...packages.filter((pack) => pack.name !== '@opwire/cli').map((pack) => pack.name),
      ...thirdParty.filter((spec) => !/^(typescript|@types\/node)@/.test(spec)),
    ]);
    await app.install(readmeDevInstall, { dev: true });
    expect(app.has('@electric-sql/pglite')).toBe(false);
    for (const file of [
      'src/app.ts',
      'src/check.ts',
      'src/telemetry.ts',
      'src/environment.ts',
      'tsconfig.nodenext.json',
      'tsconfig.bundler.json',
      'tsconfig.init.json',
    ]) {
      copy(file, join(app.folder, file));
    }
    // Both resolutions at once: checking every declaration file (the AI SDK's and zod's too) is the slow part.
    // The third is what `tsc --init` writes: options fed from the environment must compile under it.
    const compiled = await Promise.all([
      tsc(app.folder, 'tsconfig.nodenext.json'),
      tsc(app.folder, 'tsconfig.bundler.json'),
      tsc(app.folder, 'tsconfig.init.json'),
    ]);
    expect(compiled).toEqual(['', '', '']);
    for (const { binary } of nodes) {
      for (const build of ['dist', 'dist-bundler']) {
        const result = await app.node(
          binary!,
          ['--import', `./${build}/telemetry.js`, `./${build}/check.js`],
          {
            PORT: '0',
          },
        );
        // Node 26 deprecates module.register(), which OpenTelemetry's documented ES-module hook still uses.
        const stderr = result.stderr.replace(/^.*(DEP0205|--trace-deprecation).*\n/gm, '');
        expect(stderr, `${build} on ${binary}`).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('tracing: ');
        expect(result.stdout).toMatch(/consumer check passed on Node (20|26)\./);
      }
    }
  });

  it('runs the opwire CLI from its tarball: help, ingest and ask with embedded PGlite', async () => {
    const cli = project('cli');
    await cli.install(['@opwire/cli']);
    const bin = join(cli.folder, 'node_modules/@opwire/cli/bin/opwire.js');
    mkdirSync(join(cli.folder, 'docs'));
    writeFileSync(
      join(cli.folder, 'docs/returns.md'),
      '# Returns\n\nUnworn shoes can be returned within 30 days.\n',
    );
    for (const { binary } of nodes) {
      const help = await cli.node(binary!, [bin, '--help']);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      const dataDir = `kb-${binary!.includes('node-20') ? 20 : 26}`;
      const ingest = await cli.node(binary!, [bin, 'ingest', 'docs', '--data-dir', dataDir]);
      expect(ingest.stdout).toContain('ingested 1/1 documents');
      const ask = await cli.node(binary!, [bin, 'ask', 'Can I return shoes?', '--data-dir', dataDir]);
      expect(ask.code).toBe(0);
      expect(ask.stdout).toContain('[1] Returns (returns.md#0, score');
    }
  });

  it('passes publint and arethetypeswrong on every package', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(workspaceRoot, 'test/src/distribution/lint-tarballs.ts'), ...tarballs],
      { cwd: join(workspaceRoot, 'test'), encoding: 'utf8' },
    );
    const results = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(results.map((result) => result.name)).toEqual(packages.map((pack) => pack.name));
    for (const result of results) expect(result).toMatchObject({ publint: [], types: [] });
  });
});
