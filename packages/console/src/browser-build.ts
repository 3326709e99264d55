import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreErrors } from '@opwire/core';

/** The placeholder Vite writes before every asset URL; the routes put the mount path in its place. */
export const basePlaceholder = '/__opwire_base__/';

/** One prebuilt file: its bytes and, when smaller, its brotli and gzip encodings. */
export interface BuiltFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly brotli?: Uint8Array<ArrayBuffer>;
  readonly gzip?: Uint8Array<ArrayBuffer>;
}

/** A page Vite built: its HTML and the asset files (by name under `assets/`) it loads. */
export interface BuiltPage {
  readonly html: string;
  readonly assets: ReadonlyMap<string, BuiltFile>;
}

interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
  readonly imports?: readonly string[];
}

/** Where `vite build` writes the pages: `dist/browser` (the same path from `src/` and from `dist/`). */
export const browserBuildFolder = fileURLToPath(new URL('../dist/browser/', import.meta.url));

/**
 * Reads a page of the Vite build (`console` or `chat`) and every file it loads, following the manifest's
 * imports, so a host serves exactly what the page needs. A missing build is `INVALID_CONFIGURATION`.
 */
export function readBuiltPage(entry: 'console' | 'chat', folder: string = browserBuildFolder): BuiltPage {
  const manifestPath = join(folder, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: {
        reason: `@opwire/console: the prebuilt pages are missing (${manifestPath}); build the package (pnpm build)`,
      },
    });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const root = manifest[`${entry}.html`];
  if (!root) {
    throw coreErrors.INVALID_CONFIGURATION({
      params: { reason: `@opwire/console: the build has no ${entry}.html page` },
    });
  }
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(`${entry}.html`);
  files.delete(`${entry}.html`);
  const assets = new Map<string, BuiltFile>();
  for (const file of files) {
    if (!file.startsWith('assets/')) continue;
    assets.set(file.slice('assets/'.length), readEncodings(join(folder, file)));
  }
  return { html: readFileSync(join(folder, `${entry}.html`), 'utf8'), assets };
}

function readEncodings(path: string): BuiltFile {
  const optional = (suffix: string) =>
    existsSync(path + suffix) ? new Uint8Array(readFileSync(path + suffix)) : undefined;
  const brotli = optional('.br');
  const gzip = optional('.gz');
  return {
    body: new Uint8Array(readFileSync(path)),
    ...(brotli ? { brotli } : {}),
    ...(gzip ? { gzip } : {}),
  };
}
