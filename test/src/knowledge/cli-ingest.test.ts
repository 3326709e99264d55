import { execFile, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresKnowledgeStore } from '@opwire/postgres/knowledge';
import { type QdrantStandIn, startQdrantStandIn } from '@opwire/qdrant/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opwireBin, root, runOpwire } from './run-opwire.js';

const scratch = mkdtempSync(join(tmpdir(), 'opwire-cli-ingest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Runs the real `opwire` binary as a user would, optionally under a lower open-file limit (`ulimit -n`).
const opwire = (args: string[], options: { openFiles?: number } = {}) =>
  options.openFiles === undefined
    ? spawnSync(process.execPath, [opwireBin, ...args], { cwd: root, encoding: 'utf8' })
    : spawnSync(
        'sh',
        ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, process.execPath, opwireBin, ...args],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );

// The same, without blocking this process: the Qdrant stand-in the binary talks to runs in it.
const opwireAsync = (args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [opwireBin, ...args],
      { cwd: root, encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });

/** A folder of `files` (name → contents) under the scratch folder. */
function folder(name: string, files: Record<string, string | Buffer>): string {
  const path = join(scratch, name);
  mkdirSync(path, { recursive: true });
  for (const [file, contents] of Object.entries(files)) writeFileSync(join(path, file), contents);
  return path;
}

/**
 * Writes a folder's manifest into the PGlite store in `dataDir` as an opwire ingest before this one left it (with
 * the zero vector of the first format), holding `documentIds`.
 */
async function writeEarlierManifest(dataDir: string, folderPath: string, documentIds: string[]) {
  const store = await openPostgresKnowledgeStore({ dataDir });
  try {
    const documentId = `folder:${folderPath}`;
    await store.upsert([
      {
        id: `${documentId}#0`,
        collection: 'default',
        tenant: 'opwire-cli',
        documentId,
        chunkIndex: 0,
        text: JSON.stringify({ documentIds }),
        metadata: {},
        embedding: new Array<number>(384).fill(0),
        terms: ['opwire-cli-folder-manifest'],
      },
    ]);
  } finally {
    await store.close?.();
  }
}

describe('opwire ingest', { timeout: 120_000 }, () => {
  // 512 leaves Node room to load its modules (it needs about 200 at once), and the folder holds more files.
  it('ingests a folder of more files than the open-file limit allows at once', () => {
    const files = Object.fromEntries(
      Array.from({ length: 560 }, (_, index) => [`doc${index}.md`, `# Doc ${index}\n\nText ${index}.\n`]),
    );
    const result = opwire(['ingest', folder('many', files), '--data-dir', join(scratch, 'many-data')], {
      openFiles: 512,
    });
    expect(result.stderr).not.toContain('EMFILE');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ingested 560\/560 documents into /m);
  });
});

describe('opwire ingest with a wrong option', { timeout: 120_000 }, () => {
  // Listing this folder prints lines of its own (links it skips): none may come before the option's error.
  const docs = folder('wrong-option', {
    'returns.md': '# Returns policy\n\nUnworn shoes can be returned.\n',
  });
  symlinkSync(join(docs, 'gone.md'), join(docs, 'broken.md'));
  symlinkSync(docs, join(docs, 'loop'));
  const neverCreated = join(scratch, 'wrong-option-data');

  it.each([
    [['--collection', ''], '--collection must name a collection, not ""'],
    [['--collection', ' '], '--collection must name a collection, not " "'],
    [['--store', 'memory'], '--store must be one of pglite, qdrant, not "memory"'],
    [['--url', 'http://127.0.0.1:6333'], '--url names a Qdrant server: add --store qdrant'],
    [['--dimensions', '0'], '--dimensions must be a whole number from 1 to 4096, not "0"'],
    [['--data-dir', ''], '--data-dir must name a folder, not ""'],
    [['--store', 'qdrant'], '--store qdrant needs --url <http://host:6333> (or QDRANT_URL)'],
    [
      ['--store', 'qdrant', '--url', 'http://127.0.0.1:6333', '--collection', 'faq/en'],
      '--collection must be letters, digits, "_", "-" and "." for Qdrant (opwire_<collection>, 255 at most), not "faq/en"',
    ],
  ])(
    '%j is only a usage error (exit 2), before the folder is listed, and writes nothing',
    (args, message) => {
      const result = runOpwire(['ingest', docs, '--data-dir', neverCreated, ...args], { QDRANT_URL: '' });
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe(`opwire ingest: ${message}`);
      expect(result.status).toBe(2);
      expect(existsSync(neverCreated)).toBe(false);
    },
  );

  it('refuses a --data-dir of other files (exit 1) before the folder is listed', () => {
    const notes = folder('wrong-option-notes', { 'notes.md': '# Notes\n' });
    const result = opwire(['ingest', docs, '--data-dir', notes]);
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toBe(
      `opwire ingest: --data-dir ${notes} holds other files and no PGlite database; name a new or empty folder for the store\n`,
    );
    expect(readdirSync(notes)).toEqual(['notes.md']);
  });
});

describe('opwire ingest of files that are not UTF-8 text', { timeout: 120_000 }, () => {
  it('refuses a binary, NUL or Latin-1 file by name, ingests the rest, exits 1, and drops a BOM', () => {
    const docs = folder('weird', {
      'binary.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff]),
      'nul.txt': 'before\u0000after\n',
      'latin1.txt': Buffer.from('caf\u00e9 cr\u00e8me\n', 'latin1'),
      'bom.md': '\uFEFF# BOM heading\n\nShipping takes three business days.\n',
    });
    const dataDir = join(scratch, 'weird-data');
    const result = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      'FAILED binary.md: not UTF-8 text (save it as UTF-8 to ingest it); not ingested',
      'ok     bom.md: 1 chunks',
      'FAILED latin1.txt: not UTF-8 text (save it as UTF-8 to ingest it); not ingested',
      'FAILED nul.txt: contains a NUL character (a binary file?); not ingested',
    ]);
    expect(result.stdout).toMatch(/^ingested 1\/4 documents into /m);
    const asked = opwire(['ask', 'shipping business days', '--data-dir', dataDir, '--mode', 'lexical']);
    expect(asked.stdout).toMatch(/^\[1\] Source: BOM heading\n# BOM heading/m);
    expect(asked.stdout).not.toContain('\uFEFF');
  });
});

describe('opwire ingest of files without text', { timeout: 120_000 }, () => {
  it('skips an empty or blank file by name, stores nothing of it, and exits 0', () => {
    const docs = folder('empty', {
      'blank.txt': ' \n\n',
      'empty.md': '',
      'shipping.md': '# Shipping\n\nShipping takes three business days.\n',
    });
    const dataDir = join(scratch, 'empty-data');
    const result = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'skipped blank.txt: it holds no text; not ingested',
      'skipped empty.md: it holds no text; not ingested',
      'ok     shipping.md: 1 chunks',
      expect.stringMatching(/^ingested 1\/1 documents into .* s; skipped 2 without text$/),
      '',
    ]);
    writeFileSync(join(docs, 'shipping.md'), '');
    const again = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(again.status).toBe(0);
    // Emptying a file that was ingested removes what was stored of it: said so, not "skipped".
    expect(again.stdout.split('\n')).toEqual([
      'skipped blank.txt: it holds no text; not ingested',
      'skipped empty.md: it holds no text; not ingested',
      'removed shipping.md: it holds no text now; the version ingested before is removed',
      expect.stringMatching(
        /^ingested 0\/0 documents into .* s; skipped 2 without text; removed 1 now without text$/,
      ),
      '',
    ]);
    const asked = opwire(['ask', 'shipping business days', '--data-dir', dataDir, '--mode', 'lexical']);
    expect(asked.stdout).toBe('No matching knowledge found.\n');
    // Ingested again still empty, nothing is left to remove: skipped.
    const third = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(third.stdout).toContain('skipped shipping.md: it holds no text; not ingested\n');
    expect(third.stdout).toMatch(/^ingested 0\/0 documents into .* s; skipped 3 without text$/m);
  });
});

// Windows refuses control characters in a file name; Linux and macOS keep them.
describe.runIf(process.platform !== 'win32')(
  'opwire ingest and ask of files whose names hold control characters',
  { timeout: 120_000 },
  () => {
    it('prints each name on its one line with the control characters escaped, never sent to the terminal', () => {
      const docs = folder('control-names', {
        'fine.md: 1 chunks\nok     forged.md': 'A newline in the name.\n',
        'screen\u001b[2J.md': '# Clear\u001b[2J\n\nAn escape in the name.\n',
      });
      const dataDir = join(scratch, 'control-names-data');
      const result = opwire(['ingest', docs, '--data-dir', dataDir]);
      expect(result.status).toBe(0);
      expect(result.stdout.split('\n')).toEqual([
        'ok     fine.md: 1 chunks\\nok     forged.md: 1 chunks',
        'ok     screen\\x1b[2J.md: 1 chunks',
        expect.stringMatching(/^ingested 2\/2 documents into .* s$/),
        '',
      ]);
      const asked = opwire(['ask', 'escape', '--data-dir', dataDir, '--mode', 'lexical']);
      expect(asked.stdout).toContain('\n  [1] Clear\\x1b[2J (screen\\x1b[2J.md#0, score ');
    });

    it('escapes them in the printed context too: names on their Source line, chunk text but its newlines and tabs', () => {
      const docs = folder('control-context', {
        'we\nird\u001b[31m.md': 'weird name stork\n',
        't.md': '# Evil \u001b]0;pwned\u0007 title\n\nbody egret\u001b[2J\u009b31m\u007f\tend\n',
      });
      const dataDir = join(scratch, 'control-context-data');
      expect(opwire(['ingest', docs, '--data-dir', dataDir]).status).toBe(0);
      const stork = opwire(['ask', 'stork', '--data-dir', dataDir, '--mode', 'lexical']);
      expect(stork.stdout).toContain('\n[1] Source: we\\nird\\x1b[31m.md\nweird name stork\n');
      const egret = opwire(['ask', 'egret', '--data-dir', dataDir, '--mode', 'lexical']);
      expect(egret.stdout).toContain(
        '\n[1] Source: Evil \\x1b]0;pwned\\x07 title\n# Evil \\x1b]0;pwned\\x07 title\n\nbody egret\\x1b[2J\\x9b31m\\x7f\tend\n',
      );
      // Nothing a terminal acts on is left: no control character but the newline and the tab.
      for (const printed of [stork.stdout, egret.stdout]) {
        expect(printed).not.toMatch(/(?![\n\t])\p{Cc}/u);
      }
    });
  },
);

// Linux keeps a file name as the bytes it was given; macOS and Windows refuse a name that is not UTF-8.
describe.runIf(process.platform === 'linux')(
  'opwire ingest of a file whose name is not UTF-8 (Linux only: other systems refuse such names)',
  { timeout: 120_000 },
  () => {
    it('refuses that file by name, ingests the rest and exits 1', () => {
      const docs = folder('latin1-name', { 'fine.md': '# Fine\n\nShipping takes three business days.\n' });
      writeFileSync(Buffer.from(join(docs, 'caf\u00e9.md'), 'latin1'), '# Café\n\nA Latin-1 name.\n');
      const result = opwire(['ingest', docs, '--data-dir', join(scratch, 'latin1-name-data')]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      expect(result.stdout.split('\n').slice(0, 2)).toEqual([
        'FAILED caf\uFFFD.md: its name is not UTF-8 (rename it to ingest it); not ingested',
        'ok     fine.md: 1 chunks',
      ]);
      expect(result.stdout).toMatch(/^ingested 1\/2 documents into /m);
    });

    it('refuses a folder of that name by name, ingests the rest and exits 1', () => {
      const docs = folder('latin1-folder', { 'fine.md': '# Fine\n\nShipping takes three business days.\n' });
      const inner = Buffer.from(join(docs, '\u00e9t\u00e9'), 'latin1');
      mkdirSync(inner);
      writeFileSync(Buffer.concat([inner, Buffer.from('/a.md')]), '# Summer\n\nIn a Latin-1 folder.\n');
      const result = opwire(['ingest', docs, '--data-dir', join(scratch, 'latin1-folder-data')]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      expect(result.stdout.split('\n').slice(0, 2)).toEqual([
        'FAILED \uFFFDt\uFFFD/: its name is not UTF-8 (rename it to ingest it); nothing in it ingested',
        'ok     fine.md: 1 chunks',
      ]);
    });
  },
);

describe('opwire ingest of a folder again', { timeout: 120_000 }, () => {
  let standIn: QdrantStandIn;
  beforeAll(async () => {
    standIn = await startQdrantStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    expect(standIn.problems).toEqual([]);
  });

  it.each(['pglite', 'qdrant'])(
    'removes from %s the documents whose files were deleted, so ask stops citing them',
    async (store) => {
      const docs = folder(`again-${store}`, {
        'returns.md': '# Returns policy\n\nUnworn shoes can be returned within 30 days.\n',
        'shipping.txt': 'Shipping takes three business days.\n',
      });
      const where =
        store === 'pglite'
          ? ['--data-dir', join(scratch, 'again-data')]
          : ['--store', 'qdrant', '--url', standIn.url, '--collection', 'again'];
      expect((await opwireAsync(['ingest', docs, ...where])).status).toBe(0);
      const question = ['ask', 'shipping business days', ...where, '--mode', 'lexical'];
      expect((await opwireAsync(question)).stdout).toMatch(/\(shipping\.txt#0, score/);
      unlinkSync(join(docs, 'shipping.txt'));
      const again = await opwireAsync(['ingest', docs, ...where]);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('removed shipping.txt: its file is no longer in the folder\n');
      expect(again.stdout).toMatch(/^ingested 1\/1 documents into .*; removed 1 whose files are gone$/m);
      const asked = await opwireAsync(question);
      expect(asked.status).toBe(0);
      expect(asked.stdout).not.toContain('shipping.txt');
      expect(asked.stdout).toMatch(/\(returns\.md#0, score/);
    },
  );

  it('never reports as removed a file it refused and so never stored, once that file is gone', () => {
    const docs = folder('refused-again', {
      'latin1.txt': Buffer.from('caf\u00e9 cr\u00e8me\n', 'latin1'),
      'returns.md': '# Returns policy\n\nUnworn shoes can be returned within 30 days.\n',
    });
    const dataDir = join(scratch, 'refused-again-data');
    const refused = 'FAILED latin1.txt: not UTF-8 text (save it as UTF-8 to ingest it); not ingested\n';
    expect(opwire(['ingest', docs, '--data-dir', dataDir]).stdout).toContain(refused);
    expect(opwire(['ingest', docs, '--data-dir', dataDir]).stdout).toContain(refused);
    unlinkSync(join(docs, 'latin1.txt'));
    const again = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('removed');
    expect(again.stdout).toMatch(/^ingested 1\/1 documents into .* s$/m);
  });

  it('removes a stored file once it is gone, though it was refused in between', () => {
    const docs = folder('stored-then-refused', { 'shipping.txt': 'Shipping takes three business days.\n' });
    const dataDir = join(scratch, 'stored-then-refused-data');
    expect(opwire(['ingest', docs, '--data-dir', dataDir]).status).toBe(0);
    writeFileSync(join(docs, 'shipping.txt'), Buffer.from('caf\u00e9\n', 'latin1'));
    expect(opwire(['ingest', docs, '--data-dir', dataDir]).stdout).toContain(
      'FAILED shipping.txt: not UTF-8',
    );
    unlinkSync(join(docs, 'shipping.txt'));
    const again = opwire(['ingest', docs, '--data-dir', dataDir]);
    expect(again.stdout).toContain('removed shipping.txt: its file is no longer in the folder\n');
    const asked = opwire(['ask', 'shipping business days', '--data-dir', dataDir, '--mode', 'lexical']);
    expect(asked.stdout).toBe('No matching knowledge found.\n');
  });

  it('keeps the documents another folder ingested into the same store', () => {
    const dataDir = join(scratch, 'two-folders-data');
    const first = folder('first', { 'a.md': '# Alpha\n\nAlpha apples.\n' });
    const second = folder('second', { 'b.md': '# Beta\n\nBeta bananas.\n' });
    expect(opwire(['ingest', first, '--data-dir', dataDir]).status).toBe(0);
    const other = opwire(['ingest', second, '--data-dir', dataDir]);
    expect(other.stdout).not.toContain('removed');
    expect(opwire(['ask', 'alpha apples', '--data-dir', dataDir, '--mode', 'lexical']).stdout).toMatch(
      /\(a\.md#0, score/,
    );
  });

  it('refuses a file whose name another folder already ingested, naming that folder, and keeps its document', () => {
    const dataDir = join(scratch, 'same-name-data');
    const first = folder('same-name-first', { 'x.md': 'first folder kiwi\n', 'm.md': 'first only mango\n' });
    const second = folder('same-name-second', {
      'x.md': 'second folder papaya\n',
      'y.md': 'second only lime\n',
    });
    const ask = (words: string) => opwire(['ask', words, '--data-dir', dataDir, '--mode', 'lexical']).stdout;
    expect(opwire(['ingest', first, '--data-dir', dataDir]).status).toBe(0);
    const refused = opwire(['ingest', second, '--data-dir', dataDir]);
    expect(refused.status).toBe(1);
    expect(refused.stdout.split('\n')).toEqual([
      `FAILED x.md: already ingested from ${realpathSync(first)} (ingest into another --collection or --data-dir to keep both); not ingested`,
      'ok     y.md: 1 chunks',
      expect.stringMatching(/^ingested 1\/2 documents into .* s$/),
      '',
    ]);
    expect(ask('kiwi')).toContain('first folder kiwi');
    // The first folder's file goes: its document is removed, and the name is free for the second folder.
    unlinkSync(join(first, 'x.md'));
    const again = opwire(['ingest', first, '--data-dir', dataDir]);
    expect(again.stdout).toContain('removed x.md: its file is no longer in the folder\n');
    const taken = opwire(['ingest', second, '--data-dir', dataDir]);
    expect(taken.status).toBe(0);
    expect(taken.stdout).toContain('ok     x.md: 1 chunks\n');
    expect(ask('papaya')).toContain('second folder papaya');
  });

  it('never removes a document another folder also holds, as an earlier opwire left them', async () => {
    const dataDir = join(scratch, 'held-twice-data');
    const first = folder('held-twice-first', { 'x.md': 'first folder kiwi\n', 'm.md': 'first only mango\n' });
    const second = folder('held-twice-second', {});
    expect(opwire(['ingest', first, '--data-dir', dataDir]).status).toBe(0);
    // An earlier opwire let the second folder overwrite x.md, so both manifests hold it.
    await writeEarlierManifest(dataDir, second, ['x.md']);
    unlinkSync(join(first, 'x.md'));
    const again = opwire(['ingest', first, '--data-dir', dataDir]);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('removed');
    expect(opwire(['ask', 'kiwi', '--data-dir', dataDir, '--mode', 'lexical']).stdout).toMatch(
      /\(x\.md#0, score/,
    );
  });
});

describe('opwire ingest of a folder with symbolic links', { timeout: 120_000 }, () => {
  it('removes deleted files when the folder is ingested again through a link to it', () => {
    const real = folder('linked-again', { 'a.md': 'alpha apples\n', 'b.md': 'beta bananas\n' });
    const link = join(scratch, 'linked-again-link');
    symlinkSync(real, link);
    const dataDir = join(scratch, 'linked-again-data');
    expect(opwire(['ingest', real, '--data-dir', dataDir]).status).toBe(0);
    unlinkSync(join(real, 'b.md'));
    const again = opwire(['ingest', link, '--data-dir', dataDir]);
    expect(again.stdout).toContain('removed b.md: its file is no longer in the folder\n');
  });

  it('reads as its own, and replaces, what an earlier opwire recorded of the folder under a link to it', async () => {
    const real = folder('earlier-link', { 'a.md': 'alpha apples\n', 'b.md': 'beta bananas\n' });
    const link = join(scratch, 'earlier-link-link');
    symlinkSync(real, link);
    const dataDir = join(scratch, 'earlier-link-data');
    expect(opwire(['ingest', real, '--data-dir', dataDir]).status).toBe(0);
    // As an opwire that kept the manifest under the path as typed left it after \`opwire ingest <link>\`.
    await writeEarlierManifest(dataDir, realpathSync(real), []);
    await writeEarlierManifest(dataDir, link, ['a.md', 'b.md']);
    unlinkSync(join(real, 'b.md'));
    const again = opwire(['ingest', real, '--data-dir', dataDir]);
    expect(again.stdout).toContain('removed b.md: its file is no longer in the folder\n');
    // The link's manifest went with it: once the link is gone, nothing claims b.md for it.
    unlinkSync(link);
    const other = folder('earlier-link-other', { 'b.md': 'beta blueberries\n' });
    const taken = opwire(['ingest', other, '--data-dir', dataDir]);
    expect(taken.stdout).toContain('ok     b.md: 1 chunks\n');
  });

  it('follows links to files and folders, and says which links it skipped', () => {
    const elsewhere = folder('elsewhere', {
      'returns.md': '# Returns policy\n\nUnworn shoes can be returned.\n',
    });
    folder('elsewhere/zh', { '退货.md': '# 退货\n\n鞋子可以退货。\n' });
    const links = folder('links', { 'real.md': '# Real\n\nA real file.\n' });
    symlinkSync(join(elsewhere, 'returns.md'), join(links, 'linked-returns.md'));
    symlinkSync(join(elsewhere, 'zh'), join(links, 'zhdir'));
    symlinkSync(links, join(links, 'loop'));
    symlinkSync(join(elsewhere, 'gone.md'), join(links, 'broken.md'));
    const result = opwire(['ingest', links, '--data-dir', join(scratch, 'links-data')]);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'skipped broken.md: a broken link',
      'skipped loop: a folder already listed',
      'ok     linked-returns.md: 1 chunks',
      'ok     real.md: 1 chunks',
      'ok     zhdir/退货.md: 1 chunks',
      expect.stringMatching(/^ingested 3\/3 documents into /),
      '',
    ]);
  });
});

describe('opwire ingest and ask with other --dimensions', { timeout: 120_000 }, () => {
  it('refuses a PGlite collection made with other --dimensions before reading or removing anything', () => {
    const docs = folder('pglite-dimensions', { 'a.md': 'alpha apples\n', 'b.md': 'beta bananas\n' });
    const dataDir = join(scratch, 'pglite-dimensions-data');
    expect(opwire(['ingest', docs, '--data-dir', dataDir]).status).toBe(0);
    unlinkSync(join(docs, 'b.md'));
    const refused = `collection default in --data-dir ${dataDir} has vectors of 384 dimensions, not 128: pass the --dimensions it was made with, or use another --collection\n`;
    for (const command of [
      ['ingest', docs],
      ['ask', 'beta bananas'],
    ]) {
      const run = opwire([...command, '--data-dir', dataDir, '--dimensions', '128']);
      expect(run).toMatchObject({ status: 1, stdout: '', stderr: `opwire ${command[0]}: ${refused}` });
    }
    const asked = opwire(['ask', 'beta bananas', '--data-dir', dataDir, '--mode', 'lexical']);
    expect(asked.stdout).toMatch(/\(b\.md#0, score/);
  });
});

describe('opwire ask --store qdrant', { timeout: 120_000 }, () => {
  let standIn: QdrantStandIn;
  beforeAll(async () => {
    standIn = await startQdrantStandIn();
  });
  afterAll(() => standIn.close());

  it('refuses a collection the server does not have with exit 1, and does not create it', async () => {
    const asked = await opwireAsync([
      'ask',
      'shoes',
      '--store',
      'qdrant',
      '--url',
      standIn.url,
      '--collection',
      'tpyo',
    ]);
    expect(asked).toMatchObject({
      status: 1,
      stdout: '',
      stderr:
        'opwire ask: Qdrant collection opwire_tpyo does not exist (ingest into it first: opwire ingest <dir> --store qdrant --collection tpyo)\n',
    });
    const exists = await fetch(`${standIn.url}/collections/opwire_tpyo/exists`);
    expect(await exists.json()).toMatchObject({ result: { exists: false } });
  });

  it('says in command-line words that a collection was made with other --dimensions, and leaves it as it was', async () => {
    const docs = folder('dimensions', {
      'shoes.md': '# Shoes\n\nUnworn shoes can be returned within 30 days.\n',
    });
    const where = ['--store', 'qdrant', '--url', standIn.url, '--collection', 'dims'];
    expect((await opwireAsync(['ingest', docs, ...where])).status).toBe(0);
    const refused =
      'Qdrant collection opwire_dims (--collection dims) has "dense" vectors of 384 dimensions (Cosine) and "terms" sparse vectors with modifier idf, not "dense" vectors of 64 dimensions (Cosine) and "terms" sparse vectors with modifier idf: pass the --dimensions it was made with, or use another --collection\n';
    for (const command of [
      ['ingest', docs],
      ['ask', 'shoes'],
    ]) {
      const run = await opwireAsync([...command, ...where, '--dimensions', '64']);
      expect(run).toMatchObject({ status: 1, stdout: '', stderr: `opwire ${command[0]}: ${refused}` });
    }
    const asked = await opwireAsync(['ask', 'returned shoes', ...where, '--mode', 'lexical']);
    expect(asked.stdout).toMatch(/\(shoes\.md#0, score/);
  });
});
