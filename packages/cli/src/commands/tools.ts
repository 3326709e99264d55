import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createToolCatalog, type ToolCatalogOptions, type ToolEntry } from '@opwire/ai';
import { type AnyOperation, createOpwire, isOpwireError } from '@opwire/core';

/** One line for `opwire --help`. */
export const summary = 'print the AI tool registration report of an app (--app <module>)';

const usage = 'usage: opwire tools --app <module exporting operations (and optionally tools, names)>';

/** Runs the command; returns the exit code (1 when the catalog is invalid, 2 on bad usage). */
export async function run(args: string[]): Promise<number> {
  const index = args.indexOf('--app');
  const path = index === -1 ? undefined : args[index + 1];
  if (!path) {
    console.error(usage);
    return 2;
  }
  let module: { operations?: unknown; tools?: ToolCatalogOptions['tools']; names?: Record<string, string> };
  try {
    module = await import(pathToFileURL(resolve(process.cwd(), path)).href);
  } catch (error) {
    console.error(
      `opwire tools: cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  if (!Array.isArray(module.operations)) {
    console.error(`opwire tools: ${path} must export "operations" (an array of operations)`);
    return 1;
  }
  try {
    const app = createOpwire({ operations: module.operations as AnyOperation[] });
    const catalog = createToolCatalog({
      app,
      ...(module.tools ? { tools: module.tools } : {}),
      ...(module.names ? { names: module.names } : {}),
    });
    console.log(report(catalog.all()));
    return 0;
  } catch (error) {
    console.error(
      `opwire tools: ${isOpwireError(error) ? `${error.code}: ${error.message}` : String(error)}`,
    );
    return 1;
  }
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
