import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeTarball } from './write-tarball.js';

/** An installed package found in the workspace's `node_modules`: name, version and folder. */
export interface InstalledPackage {
  readonly name: string;
  readonly version: string;
  readonly folder: string;
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));

/** Where Node would find `name` from `folder` (walking up the `node_modules` folders), or `undefined`. */
function findInstalled(folder: string, name: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    const candidate = join(current, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(current) === current) return undefined;
  }
}

/**
 * Every package `roots` need, as installed in the workspace: for each root folder, the named packages, then
 * their dependencies, optional dependencies and required peers, transitively. What is not installed (another
 * platform's binary, an optional peer nobody asked for) is left out.
 */
export function collectInstalled(
  roots: readonly { folder: string; names: readonly string[] }[],
): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const queue = roots.flatMap((root) => root.names.map((name) => ({ from: root.folder, name })));
  while (queue.length > 0) {
    const { from, name } = queue.shift()!;
    const folder = findInstalled(from, name);
    if (!folder) continue;
    const manifest = readManifest(folder);
    const key = `${manifest.name}@${manifest.version}`;
    if (found.has(key)) continue;
    found.set(key, { name: manifest.name, version: manifest.version, folder });
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
      (peer) => !manifest.peerDependenciesMeta?.[peer]?.optional,
    );
    for (const next of [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...peers,
    ]) {
      queue.push({ from: folder, name: next });
    }
  }
  return [...found.values()];
}

const tarballName = (installed: InstalledPackage) =>
  `${installed.name.replace(/^@/, '').replace('/', '-')}-${installed.version}.tgz`;

/**
 * Packs installed packages into `cacheFolder` (reusing tarballs packed by an earlier run) and returns every
 * tarball's path.
 */
export function packInstalled(installed: readonly InstalledPackage[], cacheFolder: string): string[] {
  mkdirSync(cacheFolder, { recursive: true });
  return installed.map((each) => {
    const path = join(cacheFolder, tarballName(each));
    if (!existsSync(path)) {
      writeTarball(each.folder, `${path}.partial`);
      renameSync(`${path}.partial`, path);
    }
    return path;
  });
}
