import { parseArgs } from 'node:util';
import type { Approvals } from '@opwire/ai';
import type { Caller, Opwire } from '@opwire/core';
import type { Authenticator } from '@opwire/core/surface';
import { serveMcpStdio } from '@opwire/mcp';
import { DataError } from '../data-error.js';
import { importApp } from '../import-app.js';
import { UsageError } from '../usage-error.js';

/** What `opwire mcp --help` prints. */
export const usage =
  'usage: opwire mcp --app <module exporting app and authenticate (and optionally approvals, prompts, names, name, close)>\n' +
  '       serves the app to an MCP client over stdio as the caller of the bearer token in OPWIRE_TOKEN;\n' +
  '       stdout carries only protocol messages, everything else goes to stderr';

/** What the app module exports for `opwire mcp`. */
interface McpAppModule {
  readonly app?: Opwire;
  readonly authenticate?: Authenticator;
  readonly approvals?: Approvals;
  readonly prompts?: Readonly<Record<string, string>>;
  readonly names?: Readonly<Record<string, string>>;
  readonly name?: string;
  readonly close?: () => Promise<void> | void;
}

/** Runs the command until the client closes stdin (or a signal stops it); returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { app: { type: 'string' } } });
  const path = values.app;
  if (!path) throw new UsageError('--app <module> is required');
  const token = process.env.OPWIRE_TOKEN;
  if (!token) throw new DataError('set OPWIRE_TOKEN to the bearer token of the caller to serve as');
  // stdout is the protocol's: whatever the app prints while it loads or runs goes to stderr instead.
  console.log = console.info = console.debug = console.error;
  const module = (await importApp(path)) as McpAppModule;
  try {
    if (typeof module.app?.invoke !== 'function' || typeof module.authenticate !== 'function') {
      throw new DataError(`${path} must export "app" (an Opwire app) and "authenticate" (an authenticator)`);
    }
    const caller: Caller | undefined = await module.authenticate({
      headers: { authorization: `Bearer ${token}` },
    });
    if (!caller) throw new DataError("OPWIRE_TOKEN is not a token the app's authenticator accepts");
    const stdio = await serveMcpStdio({
      app: module.app,
      caller,
      ...(module.approvals ? { approvals: module.approvals } : {}),
      ...(module.prompts ? { prompts: module.prompts } : {}),
      ...(module.names ? { names: module.names } : {}),
      ...(module.name ? { name: module.name } : {}),
    });
    const stop = () => void stdio.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    console.error(
      `opwire mcp: serving ${path} over stdio as ${caller.principalId} (tenant ${caller.tenant})`,
    );
    await stdio.closed;
    return 0;
  } finally {
    await module.close?.();
  }
}
