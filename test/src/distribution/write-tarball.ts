import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const blockSize = 512;

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(blockSize);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(0, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\x0000', 257, 'binary');
  let checksum = 0;
  for (const byte of block) checksum += byte;
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function padded(content: Buffer): Buffer[] {
  const rest = content.length % blockSize;
  return rest === 0 ? [content] : [content, Buffer.alloc(blockSize - rest)];
}

/** Every file under `folder` except nested `node_modules`, as paths relative to it, sorted. */
function listFiles(folder: string, under = folder): string[] {
  return readdirSync(under, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(under, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(folder, path);
      return entry.isFile() ? [relative(folder, path)] : [];
    })
    .sort();
}

/**
 * Packs an installed package folder into an npm-style `.tgz` (every file under `package/`, long paths as pax
 * records). An installed package is already what its author published, so nothing is filtered but nested
 * `node_modules`.
 */
export function writeTarball(folder: string, destination: string): void {
  const parts: Buffer[] = [];
  for (const file of listFiles(folder)) {
    const content = readFileSync(join(folder, file));
    const mode = statSync(join(folder, file)).mode & 0o111 ? 0o755 : 0o644;
    const name = `package/${file.split('\\').join('/')}`;
    if (Buffer.byteLength(name) > 99) {
      const record = (length: number) => `${length} path=${name}\n`;
      let length = Buffer.byteLength(record(0));
      while (Buffer.byteLength(record(length)) !== length) length = Buffer.byteLength(record(length));
      const pax = Buffer.from(record(length), 'utf8');
      parts.push(header('PaxHeader', pax.length, 0o644, 'x'), ...padded(pax));
    }
    parts.push(header(name.slice(0, 99), content.length, mode, '0'), ...padded(content));
  }
  parts.push(Buffer.alloc(blockSize * 2));
  writeFileSync(destination, gzipSync(Buffer.concat(parts)));
}
