import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type QdrantStandIn, startQdrantStandIn } from '@opwire/qdrant/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opwireBin, root, runOpwire } from './run-opwire.js';

const beir = fileURLToPath(new URL('./__fixtures__/beir', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'opwire-cli-bench-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const opwire = (...args: string[]) => runOpwire(args, { OPWIRE_DEBUG: '', QDRANT_URL: '' });

/** The fixture data set laid out as the official BEIR zips are: judgments in `qrels/test.tsv`. */
function officialLayout(name: string): string {
  const folder = join(scratch, name);
  mkdirSync(join(folder, 'qrels'), { recursive: true });
  for (const file of ['corpus.jsonl', 'queries.jsonl']) cpSync(join(beir, file), join(folder, file));
  cpSync(join(beir, 'qrels-test.tsv'), join(folder, 'qrels', 'test.tsv'));
  return folder;
}

describe('opwire bench retrieval --data', { timeout: 60_000 }, () => {
  it('reads the official BEIR layout (qrels/test.tsv)', () => {
    const result = opwire('bench', 'retrieval', '--data', officialLayout('official'), '--modes', 'lexical');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('3 documents, 2 queries');
    expect(result.stdout).toMatch(/lexical\s+1\.0000\s+1\.0000\s+1\.0000/);
  });

  it('names the file and line of a malformed corpus line, exit 1', () => {
    const folder = officialLayout('malformed');
    const corpus = join(folder, 'corpus.jsonl');
    writeFileSync(corpus, '{"_id": "d1", "title": "A", "text": "a"}\n{_id: "d2"}\n');
    const result = opwire('bench', 'retrieval', '--data', folder);
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toMatch(new RegExp(`^opwire bench: ${corpus} line 2: .*JSON.*\\n$`));
  });

  it('says which judgments it looked for when the split has none, exit 1', () => {
    const folder = officialLayout('no-train');
    const result = opwire('bench', 'retrieval', '--data', folder, '--split', 'train');
    expect(result).toMatchObject({ status: 1, stdout: '' });
    expect(result.stderr).toBe(
      `opwire bench: no train judgments in ${folder}: looked for qrels/train.tsv, qrels-train.tsv\n`,
    );
  });
});

describe('opwire bench retrieval on a data set with nothing to score', { timeout: 60_000 }, () => {
  it('refuses a data set whose queries have no judgments with exit 1, not a table of zeros', () => {
    const folder = officialLayout('no-judgments');
    writeFileSync(join(folder, 'qrels', 'test.tsv'), 'query-id\tcorpus-id\tscore\n');
    const result = opwire('bench', 'retrieval', '--data', folder);
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `opwire bench: ${folder} has no query with test judgments: nothing to score\n`,
    });
  });

  it('refuses an empty corpus with exit 1', () => {
    const folder = officialLayout('no-corpus');
    writeFileSync(join(folder, 'corpus.jsonl'), '');
    const result = opwire('bench', 'retrieval', '--data', folder);
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `opwire bench: ${folder} has no corpus documents\n`,
    });
  });
});

describe('opwire bench retrieval --store …,qdrant without a server', { timeout: 60_000 }, () => {
  it('is a usage error before any store runs', () => {
    const result = opwire('bench', 'retrieval', '--data', beir, '--store', 'memory,qdrant');
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr.split('\n')[0]).toBe(
      'opwire bench: --store qdrant needs --url <http://host:6333> (or QDRANT_URL)',
    );
  });
});

describe('opwire bench retrieval --store qdrant stopped by Ctrl-C', { timeout: 120_000 }, () => {
  let standIn: QdrantStandIn;
  beforeAll(async () => {
    standIn = await startQdrantStandIn();
  });
  afterAll(() => standIn.close());

  it('drops the collection of its run before it exits with 130', async () => {
    const folder = officialLayout('interrupted');
    const corpus = Array.from(
      { length: 3000 },
      (_, index) => `{"_id": "d${index}", "title": "Doc ${index}", "text": "Text number ${index}."}`,
    );
    writeFileSync(join(folder, 'corpus.jsonl'), `${corpus.join('\n')}\n`);
    const bench = spawn(
      process.execPath,
      [opwireBin, 'bench', 'retrieval', '--data', folder, '--store', 'qdrant', '--url', standIn.url],
      { cwd: root },
    );
    let stderr = '';
    let interrupted = false;
    bench.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The run's collection exists once a first thousand documents have gone through.
      if (!interrupted && /qdrant: \w+ 1000\/3000/.test(stderr)) {
        interrupted = true;
        bench.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => bench.on('close', resolve));
    expect(interrupted).toBe(true);
    expect(code).toBe(130);
    const created = standIn.calls.filter((call) => call === 'put /collections/{collection_name}').length;
    const dropped = standIn.calls.filter((call) => call === 'delete /collections/{collection_name}').length;
    expect(created).toBeGreaterThanOrEqual(1);
    expect(dropped).toBe(created);
  });
});
