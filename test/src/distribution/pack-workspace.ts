import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (where `pnpm-workspace.yaml` is). */
export const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A publishable workspace package: its name, version and folder. */
export interface WorkspacePackage {
  readonly name: string;
  readonly version: string;
  readonly folder: string;
}

/** Every package under `packages/` that is not private, in folder order. */
export function listPublishedPackages(): WorkspacePackage[] {
  const packagesFolder = join(workspaceRoot, 'packages');
  return readdirSync(packagesFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesFolder, entry.name, 'package.json')))
    .map((entry) => {
      const folder = join(packagesFolder, entry.name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
        private?: boolean;
      };
      return { name: manifest.name, version: manifest.version, folder, private: manifest.private === true };
    })
    .filter((each) => !each.private)
    .map(({ name, version, folder }) => ({ name, version, folder }));
}

/** Packs a package with pnpm (workspace ranges replaced, `publishConfig` applied) and returns the tarball's path. */
export function packPackage(pack: WorkspacePackage, destination: string): string {
  const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', destination], {
    cwd: pack.folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return (JSON.parse(output) as { filename: string }).filename;
}

/** Builds every package's `dist/` through turbo (cached: a no-op when nothing changed). */
export function buildWorkspace(): void {
  execFileSync('pnpm', ['run', 'build'], { cwd: workspaceRoot, stdio: ['ignore', 'pipe', 'inherit'] });
}
