import { createRequire } from 'node:module';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DataError } from './data-error.js';
import { describeError } from './describe-error.js';

const typeScriptExtensions = new Set(['.ts', '.mts', '.cts', '.tsx']);

/**
 * Registers the TypeScript loader of the app's own project (tsx's `tsx/esm` entry, resolved from the app's
 * folder) and says whether there was one.
 */
async function registerProjectLoader(file: string): Promise<boolean> {
  let loader: string;
  try {
    loader = createRequire(file).resolve('tsx/esm');
  } catch {
    return false;
  }
  await import(pathToFileURL(loader).href);
  return true;
}

/**
 * Imports the app module a command names, relative to the working folder. A compiled JavaScript app is
 * imported as it is; a TypeScript one through the tsx of the app's own project (resolved from the app's
 * folder), or by Node itself where it strips types. Fails with a `DataError` that says what to do otherwise.
 */
export async function importApp(path: string): Promise<Record<string, unknown>> {
  const file = resolve(process.cwd(), path);
  const url = pathToFileURL(file).href;
  try {
    if (typeScriptExtensions.has(extname(file))) await registerProjectLoader(file);
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' || code === 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING') {
      throw new DataError(
        `cannot load ${path}: a TypeScript app needs a loader in its project (npm install --save-dev tsx) or compiling to JavaScript first`,
        { cause: error },
      );
    }
    throw new DataError(`cannot load ${path}: ${describeError(error)}`, { cause: error });
  }
}
