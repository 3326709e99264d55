import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** One corpus document of a BEIR dataset. */
export interface BeirDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** A BEIR dataset split: corpus, the queries that have judgments, and relevance per query. */
export interface BeirDataset {
  readonly corpus: readonly BeirDocument[];
  readonly queries: ReadonlyArray<{ readonly id: string; readonly text: string }>;
  /** Query id → document id → graded relevance (> 0 is relevant). */
  readonly qrels: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** Which judgments to load: `test` or `train` (`qrels/<split>.tsv`, or `qrels-<split>.tsv`). */
export type BeirSplit = 'test' | 'train';

/** Parses JSON Lines; a malformed line fails with its file and line number. */
function parseLines(text: string, file: string): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      rows.push(JSON.parse(line) as Record<string, unknown>);
    } catch (error) {
      throw new Error(`${file} line ${index + 1}: ${(error as Error).message}`, { cause: error });
    }
  });
  return rows;
}

async function readCorpus(directory: string): Promise<BeirDocument[]> {
  const plain = join(directory, 'corpus.jsonl');
  const [file, text] = existsSync(plain)
    ? [plain, await readFile(plain, 'utf8')]
    : [`${plain}.gz`, gunzipSync(await readFile(`${plain}.gz`)).toString('utf8')];
  return parseLines(text, file).map((row) => ({
    id: String(row._id),
    title: typeof row.title === 'string' ? row.title : '',
    text: typeof row.text === 'string' ? row.text : '',
  }));
}

/** The first of `names` (relative to `directory`) that exists; else an error naming every one looked for. */
function firstExisting(directory: string, names: readonly string[], what: string): string {
  const found = names.map((name) => join(directory, name)).find((path) => existsSync(path));
  if (!found) throw new Error(`no ${what} in ${directory}: looked for ${names.join(', ')}`);
  return found;
}

/**
 * Reads a BEIR folder: `corpus.jsonl[.gz]`, `queries.jsonl` (or `queries-<split>.jsonl`) and the judgments of
 * the split, `qrels/<split>.tsv` as the official BEIR zips have them, or `qrels-<split>.tsv`.
 */
export async function loadBeirDataset(directory: string, split: BeirSplit = 'test'): Promise<BeirDataset> {
  const queriesFile = firstExisting(directory, [`queries-${split}.jsonl`, 'queries.jsonl'], 'queries');
  const qrelsFile = firstExisting(
    directory,
    [`qrels/${split}.tsv`, `qrels-${split}.tsv`],
    `${split} judgments`,
  );
  const qrels = new Map<string, Map<string, number>>();
  for (const line of (await readFile(qrelsFile, 'utf8')).split('\n')) {
    const [queryId, documentId, score] = line.trim().split('\t');
    if (!queryId || !documentId || score === undefined || queryId === 'query-id') continue;
    const judged = qrels.get(queryId) ?? new Map<string, number>();
    qrels.set(queryId, judged);
    judged.set(documentId, Number(score));
  }
  const queries = parseLines(await readFile(queriesFile, 'utf8'), queriesFile)
    .map((row) => ({ id: String(row._id), text: String(row.text ?? '') }))
    .filter((query) => qrels.has(query.id));
  return { corpus: await readCorpus(directory), queries, qrels };
}
