/**
 * Lints packed tarballs with publint and @arethetypeswrong/core and prints one JSON line per tarball:
 * `{ tarball, name, publint: string[], types: string[] }` (empty lists when it passes). Types are judged
 * with attw's `esm-only` profile: node10 and require-from-CommonJS resolutions do not apply to ES-module-only
 * packages. Run as its own process (`node --import tsx lint-tarballs.ts <tarball>...`): attw resolves its
 * own TypeScript source under the `development` condition a Vitest worker sets.
 */
import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const ignoredResolutions = new Set<unknown>(['node10', 'node16-cjs']);

for (const tarball of process.argv.slice(2)) {
  const bytes = readFileSync(tarball);
  const linted = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  // A stylesheet subpath (`./chat.css`) is not a module and has no types to resolve.
  const checked = await checkPackage(createPackageFromTarballData(new Uint8Array(bytes)), {
    excludeEntrypoints: [/\.css$/],
  });
  // A package exporting no module (the CLI: a bin only) has no types to check.
  const exportsModules = Object.keys(linted.pkg.exports ?? {}).some(
    (subpath) => subpath !== './package.json',
  );
  const problems = checked.types !== false ? checked.problems : exportsModules ? [{ kind: 'NoTypes' }] : [];
  console.log(
    JSON.stringify({
      tarball,
      name: linted.pkg.name,
      publint: linted.messages.map(
        (message) => `${message.type}: ${formatMessage(message, linted.pkg) ?? message.code}`,
      ),
      types: problems
        .filter(
          (problem) => !('resolutionKind' in problem) || !ignoredResolutions.has(problem.resolutionKind),
        )
        .map((problem) => JSON.stringify(problem)),
    }),
  );
}
