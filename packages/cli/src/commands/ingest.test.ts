import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from './ingest.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'opwire-ingest-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The title `readDocument` gives a file holding `text`, or `undefined` when it gives none. */
async function titleOf(text: string): Promise<string | undefined> {
  const path = join(folder, 'page.md');
  await writeFile(path, text);
  const read = await readDocument(folder, path);
  if ('refused' in read) throw new Error(read.refused);
  return read.document.title;
}

describe('readDocument', () => {
  it('takes the first # heading as the title', async () => {
    expect(await titleOf('Intro line.\n\n## Section\n\n#  Returns policy  \n\nText.\n# Later')).toBe(
      'Returns policy',
    );
    expect(await titleOf('\uFEFF# 退货政策\r\n\r\n七天无理由退货。')).toBe('退货政策');
  });

  it('never takes a # comment inside a fenced code block as the title', async () => {
    expect(await titleOf('```sh\n# install the dependencies\npnpm install\n```\n\n# Setup\n')).toBe('Setup');
    expect(await titleOf('~~~~\n# not a title\n~~~\n# still code\n~~~~\n# Real title')).toBe('Real title');
    expect(await titleOf('Run it:\n\n```sh\n# start the server\nnpm start\n```\n')).toBeUndefined();
    expect(await titleOf('```\r\n# code\r\n```\r\n# After the fence\r\n')).toBe('After the fence');
  });

  it('gives no title for an empty heading, never the paragraph after it', async () => {
    expect(await titleOf('#\nThe first paragraph.\n')).toBeUndefined();
    expect(await titleOf('#   \nThe first paragraph.\n')).toBeUndefined();
    expect(await titleOf('#\n\nA paragraph.\n\n# Named')).toBe('Named');
  });
});
