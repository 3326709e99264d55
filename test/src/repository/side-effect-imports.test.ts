import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Every TypeScript file under the given folders, tests included. */
async function sourceFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(path)));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The modules a file imports only for their side effects (`import './x.js'`), stylesheets aside. */
function sideEffectImports(text: string): string[] {
  return [...text.matchAll(/^\s*import\s+['"]([^'"]+)['"];?\s*$/gm)]
    .map((match) => match[1] ?? '')
    .filter((module) => !module.endsWith('.css'));
}

describe('imports', () => {
  it('no server package or app imports a file only for its side effects (stylesheets in browser code aside)', async () => {
    const folders = ['packages', 'apps'];
    const offenders: string[] = [];
    for (const folder of folders) {
      for (const file of await sourceFiles(join(root, folder))) {
        for (const module of sideEffectImports(await readFile(file, 'utf8'))) {
          offenders.push(`${relative(root, file)}: import '${module}'`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('recognises a side-effect import, and leaves named imports and stylesheets alone', () => {
    const sample =
      "import './errors.js';\nimport { a } from './a.js';\nimport type { B } from './b.js';\nimport './drawer.css';\n";
    expect(sideEffectImports(sample)).toEqual(['./errors.js']);
  });
});
