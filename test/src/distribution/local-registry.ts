import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readTarball } from './read-tarball.js';

/** A package version the registry serves: its manifest (from the tarball) and where the tarball is. */
interface Served {
  readonly manifest: Record<string, unknown> & { name: string; version: string };
  readonly tarball: string;
  readonly integrity: string;
  readonly shasum: string;
}

/** An npm registry on loopback serving only the tarballs it was given: `npm install --registry <url>`. */
export interface LocalRegistry {
  readonly url: string;
  /** How many package versions it serves. */
  readonly size: number;
  close(): Promise<void>;
}

async function describeTarball(tarball: string): Promise<Served> {
  const manifestEntry = (await readTarball(tarball)).find((entry) => entry.path === 'package.json');
  if (!manifestEntry) throw new Error(`${tarball} has no package.json`);
  const bytes = readFileSync(tarball);
  return {
    manifest: JSON.parse(manifestEntry.content.toString('utf8')),
    tarball,
    integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    shasum: createHash('sha1').update(bytes).digest('hex'),
  };
}

function packument(name: string, versions: readonly Served[], base: string) {
  const latest = versions
    .map((served) => served.manifest.version)
    .sort(compareVersions)
    .at(-1)!;
  return {
    name,
    'dist-tags': { latest },
    versions: Object.fromEntries(
      versions.map((served) => [
        served.manifest.version,
        {
          ...served.manifest,
          _id: `${name}@${served.manifest.version}`,
          dist: {
            tarball: `${base}/-/${encodeURIComponent(name)}/${served.manifest.version}.tgz`,
            integrity: served.integrity,
            shasum: served.shasum,
          },
        },
      ]),
    ),
  };
}

function compareVersions(left: string, right: string): number {
  const parts = (version: string) => version.split(/[.+-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [a, b] = [parts(left), parts(right)];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Starts a registry on 127.0.0.1 that answers npm's two requests — a package's document (`GET /<name>`)
 * and a tarball — from local tarballs only, so an install through it needs no network. Anything else is 404.
 */
export async function startLocalRegistry(tarballs: readonly string[]): Promise<LocalRegistry> {
  const byName = new Map<string, Served[]>();
  for (const served of await Promise.all(tarballs.map(describeTarball))) {
    const list = byName.get(served.manifest.name) ?? [];
    if (!list.some((each) => each.manifest.version === served.manifest.version)) list.push(served);
    byName.set(served.manifest.name, list);
  }
  let base = '';
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://registry').pathname);
    const tarball = /^\/-\/(.+)\/([^/]+)\.tgz$/.exec(path);
    if (tarball) {
      const served = byName.get(tarball[1]!)?.find((each) => each.manifest.version === tarball[2]);
      if (served) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(readFileSync(served.tarball));
        return;
      }
    } else {
      const versions = byName.get(path.slice(1));
      if (versions) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(packument(path.slice(1), versions, base)));
        return;
      }
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    size: [...byName.values()].reduce((sum, list) => sum + list.length, 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
