import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPublishedPackages } from './pack-workspace.js';

interface ExportEntry {
  readonly '@opwire/source'?: string;
  readonly types?: string;
  readonly import?: string;
}

interface Manifest {
  name: string;
  description?: string;
  license?: string;
  keywords?: string[];
  engines?: { node?: string };
  repository?: { directory?: string };
  type?: string;
  files?: string[];
  bin?: Record<string, string>;
  scripts?: Record<string, string>;
  exports?: Record<string, ExportEntry | string>;
  publishConfig?: { exports?: Record<string, ExportEntry | string> };
  dependencies?: Record<string, string>;
}

const withoutSource = (entry: ExportEntry | string) => {
  if (typeof entry === 'string') return entry;
  const { '@opwire/source': _source, ...published } = entry;
  return published;
};

// Packages that ship third-party data keep its license beside their own, named in `files` and in `license`.
const thirdParty: Readonly<Record<string, { readonly file: string; readonly license: string }>> = {
  // The Traditional-to-Simplified table comes from OpenCC's dictionaries.
  '@opwire/knowledge': { file: 'LICENSE-OpenCC', license: 'MIT AND Apache-2.0' },
};

// The scheme every package follows (DESIGN.md, "Build and distribution"), so a new package cannot ship the
// workspace's TypeScript source or miss a field by accident; the consumer test proves the result works.
describe.each(listPublishedPackages())('$name follows the distribution scheme', (pack) => {
  const manifest = JSON.parse(readFileSync(join(pack.folder, 'package.json'), 'utf8')) as Manifest;
  const folderName = pack.folder.split(/[\\/]/).at(-1);

  it('has a LICENSE, a README and the registry fields', () => {
    expect(existsSync(join(pack.folder, 'LICENSE'))).toBe(true);
    expect(existsSync(join(pack.folder, 'README.md'))).toBe(true);
    expect(manifest.description?.length).toBeGreaterThan(20);
    expect(manifest.license).toBe(thirdParty[pack.name]?.license ?? 'MIT');
    const notice = thirdParty[pack.name]?.file;
    if (notice) expect(readFileSync(join(pack.folder, notice), 'utf8')).toContain('Apache License');
    expect(manifest.keywords?.length).toBeGreaterThan(0);
    expect(manifest.engines?.node).toBe('>=20.19.0');
    expect(manifest.repository?.directory).toBe(`packages/${folderName}`);
    expect(manifest.type).toBe('module');
  });

  it('builds dist/ with the shared tsconfig from the entry points its exports name', () => {
    // dist/ is emptied first, so no file of a removed source is packed; a package with browser pages (a
    // vite.config.ts) also prebuilds them into dist/ after tsc.
    const pages = existsSync(join(pack.folder, 'vite.config.ts')) ? ' && vite build' : '';
    const clean = `node -e "fs.rmSync('dist',{recursive:true,force:true})"`;
    expect(manifest.scripts?.build).toBe(`${clean} && tsc -p tsconfig.build.json${pages}`);
    const build = readFileSync(join(pack.folder, 'tsconfig.build.json'), 'utf8');
    expect(build).toContain('"extends": "../../tsconfig.build.json"');
    const sources = Object.values(manifest.exports ?? {}).flatMap((entry) =>
      typeof entry === 'string' ? [] : [entry['@opwire/source']],
    );
    for (const source of sources) {
      // A stylesheet is copied into dist/, not compiled: it needs to exist, not to be a tsc entry.
      if (source?.endsWith('.css')) {
        expect(existsSync(join(pack.folder, source)), source).toBe(true);
        continue;
      }
      expect(source).toMatch(/^\.\/src\/.+\.ts$/);
      expect(existsSync(join(pack.folder, source!)), source).toBe(true);
      expect(build).toContain(`"${source!.slice(2)}"`);
    }
    expect(existsSync(join(pack.folder, 'vitest.config.ts')) || !existsSync(join(pack.folder, 'src'))).toBe(
      true,
    );
  });

  it('exports source to the workspace and only dist/ to users, with types and import per subpath', () => {
    expect(manifest.exports?.['./package.json']).toBe('./package.json');
    for (const [subpath, entry] of Object.entries(manifest.exports ?? {})) {
      // A stylesheet has no types: its entry names the source and the built file only.
      if (subpath.endsWith('.css')) {
        expect(Object.keys(entry as ExportEntry), subpath).toEqual(['@opwire/source', 'default']);
        continue;
      }
      if (subpath === './package.json') continue;
      const file = (entry as ExportEntry)['@opwire/source']!.replace(/^\.\/src\//, '').replace(/\.ts$/, '');
      expect(Object.keys(entry as ExportEntry), subpath).toEqual(['@opwire/source', 'types', 'import']);
      expect(entry).toMatchObject({ types: `./dist/${file}.d.ts`, import: `./dist/${file}.js` });
    }
    expect(manifest.publishConfig?.exports).toEqual(
      Object.fromEntries(
        Object.entries(manifest.exports ?? {}).map(([key, entry]) => [key, withoutSource(entry)]),
      ),
    );
    const notice = thirdParty[pack.name]?.file;
    expect(manifest.files).toEqual([...(manifest.bin ? ['bin'] : []), 'dist', ...(notice ? [notice] : [])]);
  });

  it('takes other Opwire packages as peers (one OpwireError), unless it is an application', () => {
    const opwireDependencies = Object.keys(manifest.dependencies ?? {}).filter((name) =>
      name.startsWith('@opwire/'),
    );
    if (!manifest.bin) expect(opwireDependencies).toEqual([]);
    for (const shared of ['typebox', '@opentelemetry/api', 'ai']) {
      if (!manifest.bin) expect(Object.keys(manifest.dependencies ?? {})).not.toContain(shared);
    }
  });
});
