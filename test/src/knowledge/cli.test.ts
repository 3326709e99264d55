import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type QdrantStandIn, startQdrantStandIn } from '@opwire/qdrant/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run as ask } from '../../../packages/cli/src/commands/ask.js';
import { run as bench } from '../../../packages/cli/src/commands/bench.js';
import { run as ingest } from '../../../packages/cli/src/commands/ingest.js';
import { runOpwire } from './run-opwire.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

const opwire = (...args: string[]) => runOpwire(args);

// Runs a command in process and returns its exit code and what it printed.
async function capture(command: (args: string[]) => Promise<number>, args: string[]) {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...values) => void lines.push(values.join(' ')));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...values) => void lines.push(values.join(' ')));
  try {
    const code = await command(args);
    return { code, output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('opwire ingest / ask / bench', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'opwire-knowledge-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('ingests a folder of markdown and text files into PGlite, then answers from it with sources', {
    timeout: 60_000,
  }, async () => {
    const ingested = await capture(ingest, [join(fixtures, 'docs'), '--data-dir', dataDir]);
    expect(ingested.code).toBe(0);
    expect(ingested.output).toContain('ok     returns.md: 1 chunks');
    expect(ingested.output).toContain('ok     zh/cancel.md: 1 chunks');
    expect(ingested.output).toContain('ingested 3/3 documents');

    const english = await capture(ask, ['Can I return shoes?', '--data-dir', dataDir, '--top', '2']);
    expect(english.code).toBe(0);
    expect(english.output).toContain(
      '[1] Source: Returns policy\n# Returns policy\n\nUnworn shoes can be returned',
    );
    expect(english.output).toMatch(/\[1\] Returns policy \(returns\.md#0, score/);

    const chinese = await capture(ask, ['发货前能取消订单吗', '--data-dir', dataDir, '--mode', 'lexical']);
    expect(chinese.output).toContain('[1] 来源：取消订单');
    expect(chinese.output).toMatch(/^请仅根据下面编号的资料回答问题/);
    expect(chinese.output).toMatch(/问题：发货前能取消订单吗/);
    expect(english.output).toMatch(/^Answer /);
  });

  it('rejects bad arguments with usage and exit code 2', async () => {
    await expect(capture(ingest, [])).rejects.toThrow('name the folder to ingest: opwire ingest <dir>');
    await expect(capture(ask, ['x', '--mode', 'fuzzy', '--data-dir', dataDir])).rejects.toThrow(
      '--mode must be one of dense, lexical, hybrid, not "fuzzy"',
    );
    await expect(capture(bench, ['retrieval'])).rejects.toThrow('--data <beir-dir> is required');
  });

  it('benchmarks a BEIR folder and prints each mode', { timeout: 60_000 }, async () => {
    const { code, output } = await capture(bench, ['retrieval', '--data', join(fixtures, 'beir')]);
    expect(code).toBe(0);
    expect(output).toContain('3 documents, 2 queries');
    expect(output).toMatch(/lexical\s+1\.0000\s+1\.0000\s+1\.0000/);
    expect(output).toMatch(/^dense /m);
    expect(output).toMatch(/^hybrid /m);
    expect(output).toMatch(/docs\/s/);
  });

  // About twenty CLI processes, each started and awaited in turn: 30 s on a quiet machine, more under load.
  it('rejects a bad number or an unknown option with one clear line and exit code 2, touching nothing', {
    timeout: 240_000,
  }, () => {
    const neverCreated = join(dataDir, 'never-created');
    const cases = [
      {
        args: ['ask', 'Can I return shoes?', '--dimensions', 'x', '--data-dir', neverCreated],
        message: 'opwire ask: --dimensions must be a whole number from 1 to 4096, not "x"',
      },
      {
        args: ['ingest', join(fixtures, 'docs'), '--dimensions', '0', '--data-dir', neverCreated],
        message: 'opwire ingest: --dimensions must be a whole number from 1 to 4096, not "0"',
      },
      {
        args: ['bench', 'retrieval', '--data', join(fixtures, 'beir'), '--dimensions', '3.5'],
        message: 'opwire bench: --dimensions must be a whole number from 1 to 4096, not "3.5"',
      },
      { args: ['ask', 'x', '--colection', 'faq'], message: "opwire ask: Unknown option '--colection'" },
      ...['0', '101', '99999999999999999999', '1e3', '0x10', 'abc'].map((top) => ({
        args: ['ask', 'Can I return shoes?', '--top', top, '--data-dir', neverCreated],
        message: `opwire ask: --top must be a whole number from 1 to 100, not "${top}"`,
      })),
      {
        args: ['ask', 'x', '--mode', 'bogus', '--data-dir', neverCreated],
        message: 'opwire ask: --mode must be one of dense, lexical, hybrid, not "bogus"',
      },
      {
        args: ['ingest', join(fixtures, 'docs'), join(fixtures, 'beir'), '--data-dir', neverCreated],
        message: `opwire ingest: unexpected argument '${join(fixtures, 'beir')}' (ingest takes one folder)`,
      },
      ...['not a url', 'ftp://qdrant.example'].map((url) => ({
        args: ['ask', 'x', '--store', 'qdrant', '--url', url],
        message: `opwire ask: --url must be an http:// or https:// address, not "${url}"`,
      })),
      {
        args: [
          'ingest',
          join(fixtures, 'docs'),
          '--url',
          'http://127.0.0.1:6333',
          '--data-dir',
          neverCreated,
        ],
        message: 'opwire ingest: --url names a Qdrant server: add --store qdrant',
      },
      ...(['ingest', 'ask'] as const).map((command) => ({
        args: [
          command,
          command === 'ingest' ? join(fixtures, 'docs') : 'x',
          '--store',
          'qdrant',
          '--url',
          'http://127.0.0.1:6333',
          '--collection',
          'faq/en',
        ],
        message: `opwire ${command}: --collection must be letters, digits, "_", "-" and "." for Qdrant (opwire_<collection>, 255 at most), not "faq/en"`,
      })),
      {
        args: ['bench', 'retrieval', '--data', join(fixtures, 'beir'), '--url', 'http://127.0.0.1:6333'],
        message: 'opwire bench: --url names a Qdrant server: add --store qdrant',
      },
      {
        args: ['bench', 'retrieval', 'extra', '--data', join(fixtures, 'beir')],
        message: "opwire bench: unexpected argument 'extra'",
      },
      {
        args: ['bench', 'retrieval', '--data', join(fixtures, 'beir'), '--modes', 'lexical,fuzzy'],
        message: 'opwire bench: --modes takes dense, lexical, hybrid, not "fuzzy"',
      },
      {
        args: ['ask', ' ', '--data-dir', neverCreated],
        message: 'opwire ask: say what to ask: opwire ask "<question>"',
      },
    ];
    for (const { args, message } of cases) {
      const result = opwire(...args);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toContain(message);
      expect(result.stderr).not.toMatch(/RangeError|TypeError|\n\s+at /);
    }
    expect(existsSync(neverCreated)).toBe(false);
  });

  it('refuses a folder that does not exist with one line and exit code 1, creating nothing', () => {
    const missing = join(dataDir, 'no-such-folder');
    const cases = [
      {
        args: ['ask', 'Can I return shoes?', '--data-dir', missing],
        message: `opwire ask: --data-dir ${missing} does not exist (ingest into it first: opwire ingest <dir> --data-dir <folder>)`,
      },
      {
        args: ['bench', 'retrieval', '--data', missing],
        message: `opwire bench: --data ${missing} does not exist`,
      },
      {
        args: ['ingest', missing, '--data-dir', dataDir],
        message: `opwire ingest: folder ${missing} does not exist`,
      },
    ];
    for (const { args, message } of cases) {
      const result = opwire(...args);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${message}\n`);
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('opwire ingest / ask / bench with --store qdrant (stand-in)', () => {
  let standIn: QdrantStandIn;
  beforeAll(async () => {
    standIn = await startQdrantStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    expect(standIn.problems).toEqual([]);
  });

  it('ingests into a Qdrant collection and answers from it with sources', { timeout: 60_000 }, async () => {
    const ingested = await capture(ingest, [
      join(fixtures, 'docs'),
      '--store',
      'qdrant',
      '--url',
      standIn.url,
    ]);
    expect(ingested.code).toBe(0);
    expect(ingested.output).toContain('ingested 3/3 documents into Qdrant collection opwire_default');
    const english = await capture(ask, [
      'Can I return shoes?',
      '--store',
      'qdrant',
      '--url',
      standIn.url,
      '--top',
      '2',
    ]);
    expect(english.code).toBe(0);
    expect(english.output).toMatch(/\[1\] Returns policy \(returns\.md#0, score/);
    const chinese = await capture(ask, [
      '发货前能取消订单吗',
      '--store',
      'qdrant',
      '--url',
      standIn.url,
      '--mode',
      'lexical',
    ]);
    expect(chinese.output).toContain('[1] 来源：取消订单');
  });

  it('benchmarks memory and Qdrant side by side, in collections dropped after the run', {
    timeout: 60_000,
  }, async () => {
    const { code, output } = await capture(bench, [
      'retrieval',
      '--data',
      join(fixtures, 'beir'),
      '--store',
      'memory,qdrant',
      '--url',
      standIn.url,
    ]);
    expect(code).toBe(0);
    expect(output).toMatch(/^store qdrant, embedder hashing-384$/m);
    expect(output).toMatch(/^qdrant\s+[\d.]+\s+[\d.]+\s+dense\s+1\.0000\s+\+0\.0000/m);
    const created = standIn.calls.filter((call) => call === 'put /collections/{collection_name}').length;
    const dropped = standIn.calls.filter((call) => call === 'delete /collections/{collection_name}').length;
    expect(dropped).toBe(1);
    expect(created).toBeGreaterThanOrEqual(1);
  });

  it('rejects --store qdrant without a server, and a store the command cannot keep, with exit code 2', () => {
    const withoutUrl = runOpwire(['ask', 'x', '--store', 'qdrant'], { QDRANT_URL: '' });
    expect(withoutUrl.status).toBe(2);
    expect(withoutUrl.stderr.split('\n')[0]).toBe(
      'opwire ask: --store qdrant needs --url <http://host:6333> (or QDRANT_URL)',
    );
    const memory = opwire('ingest', join(fixtures, 'docs'), '--store', 'memory');
    expect(memory.status).toBe(2);
    expect(memory.stderr.split('\n')[0]).toBe(
      'opwire ingest: --store must be one of pglite, qdrant, not "memory"',
    );
  });
});
