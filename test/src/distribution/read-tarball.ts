import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** One file of an npm tarball: its path without the leading `package/`, and its bytes. */
export interface TarballEntry {
  readonly path: string;
  readonly content: Buffer;
}

const blockSize = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Lists the regular files of a `.tgz` as npm packs it (ustar, with pax long names), paths without `package/`. */
export async function readTarball(path: string): Promise<TarballEntry[]> {
  const archive = gunzipSync(await readFile(path));
  const entries: TarballEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + blockSize <= archive.length) {
    const header = archive.subarray(offset, offset + blockSize);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1) || '0';
    const content = archive.subarray(offset + blockSize, offset + blockSize + size);
    offset += blockSize + Math.ceil(size / blockSize) * blockSize;
    if (type === 'x') {
      longName = /\d+ path=([^\n]*)\n/.exec(content.toString('utf8'))?.[1];
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = undefined;
    if (type === '0') entries.push({ path: name.replace(/^[^/]+\//, ''), content: Buffer.from(content) });
  }
  return entries;
}
