import { parseArgs } from 'node:util';
import { createToolCatalog, type ToolCatalogOptions, type ToolEntry } from '@opwire/ai';
import { type AnyOperation, createOpwire } from '@opwire/core';
import { DataError } from '../data-error.js';
import { importApp } from '../import-app.js';
import { UsageError } from '../usage-error.js';

/** What `opwire tools --help` prints. */
export const usage =
  'usage: opwire tools --app <module exporting operations (and optionally tools, names)>\n' +
  '       a compiled .js module, or a .ts one when its project has tsx installed';

/** Runs the command; returns the exit code (1 when the app cannot be loaded or its catalog is invalid, 2 on bad usage). */
export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { app: { type: 'string' } } });
  const path = values.app;
  if (!path) throw new UsageError('--app <module> is required');
  const module = (await importApp(path)) as {
    operations?: unknown;
    tools?: ToolCatalogOptions['tools'];
    names?: Record<string, string>;
  };
  if (!Array.isArray(module.operations)) {
    throw new DataError(`${path} must export "operations" (an array of operations)`);
  }
  // An invalid catalog throws its startup error, which `opwire` prints as one line with exit code 1.
  const app = createOpwire({ operations: module.operations as AnyOperation[] });
  const catalog = createToolCatalog({
    app,
    ...(module.tools ? { tools: module.tools } : {}),
    ...(module.names ? { names: module.names } : {}),
  });
  console.log(report(catalog.all()));
  return 0;
}

function report(entries: readonly ToolEntry[]): string {
  const rows = [
    ['TOOL', 'OPERATION', 'PERMISSION', 'APPROVAL', 'STABILITY'],
    ...entries.map((entry) => [
      entry.name,
      entry.operation?.id ?? '(explicit tool)',
      entry.operation ? (entry.permission ?? '(any caller)') : '-',
      entry.requiresApproval ? 'required' : 'no',
      entry.stability ?? '-',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  return [...lines, '', `${entries.length} tool${entries.length === 1 ? '' : 's'}`].join('\n');
}
