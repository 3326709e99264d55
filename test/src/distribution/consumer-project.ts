import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from './pack-workspace.js';

/** A fresh npm project outside the workspace that installs only from the given registry. */
export interface ConsumerProject {
  readonly folder: string;
  /**
   * `npm install <specs>` through the registry (no audit, no scripts, no user npm config). Asynchronous, so a
   * registry served by this same process keeps answering.
   */
  install(specs: readonly string[], options?: { dev?: boolean }): Promise<void>;
  /** Runs `node <args>` in the project with the given Node binary; resolves with exit code and output. */
  node(binary: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<RunResult>;
  /** Whether `node_modules/<name>` was installed. */
  has(name: string): boolean;
}

/** A finished process: its exit code and what it printed. */
export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment a user's shell would have: without what pnpm and Vitest add for the workspace (`NODE_PATH`
 * pointing into its node_modules, `NODE_OPTIONS`, `npm_*` settings), which would let a consumer find packages
 * it never installed.
 */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|pnpm_|node_path$|node_options$|vitest)/i.test(key) && key !== 'INIT_CWD',
    ),
  );
}

/**
 * Creates `folder` and an npm config that knows only `registry`, and makes it an ES-module project the way the
 * README's "Use it in your app" says (`readmeSetup`: npm 11's `npm init -y` writes `"type": "commonjs"`).
 */
export function createConsumerProject(folder: string, registry: string, cache: string): ConsumerProject {
  mkdirSync(folder, { recursive: true });
  const userConfig = join(folder, '.npmrc-user');
  writeFileSync(userConfig, '');
  const env = {
    ...cleanEnvironment(),
    npm_config_userconfig: userConfig,
    npm_config_registry: `${registry}/`,
    npm_config_cache: cache,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_ignore_scripts: 'true',
    npm_config_loglevel: 'error',
  };
  for (const command of readmeSetup.split(' && ')) {
    const [program, ...args] = command.split(' ') as [string, ...string[]];
    execFileSync(program, args, { cwd: folder, env, stdio: 'ignore' });
  }
  return {
    folder,
    async install(specs, options = {}) {
      await promisify(execFile)('npm', ['install', ...(options.dev ? ['--save-dev'] : []), ...specs], {
        cwd: folder,
        env,
      });
    },
    node(binary, args, extraEnv = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn(binary, args, { cwd: folder, env: { ...cleanEnvironment(), ...extraEnv } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    },
    has: (name) => existsSync(join(folder, 'node_modules', name, 'package.json')),
  };
}

/** How the README's "Use it in your app" makes the project an ES-module one, before installing. */
export const readmeSetup = 'npm init -y && npm pkg set type=module';

/** What the README's "Use it in your app" tells a user to install: dependencies, then dev dependencies. */
export const readmeInstall = ['@opwire/core', '@opwire/http', 'typebox'] as const;
export const readmeDevInstall = ['typescript', '@types/node'] as const;

/** The consumer app's sources and configs kept in the repository (`test/consumer`). */
export const consumerSources = join(workspaceRoot, 'test/consumer');

/**
 * The Node binaries the consumer app runs on: Node 20 and the current LTS line, each a pinned binary from the
 * npm registry (`test/consumer`'s optional dependencies, installed by `pnpm install` on linux-x64).
 */
export function supportedNodes(): { name: string; binary: string | undefined }[] {
  return ['node-20', 'node-26'].map((name) => {
    const binary = join(consumerSources, 'node_modules', name, 'bin', 'node');
    return { name, binary: existsSync(binary) ? binary : undefined };
  });
}
