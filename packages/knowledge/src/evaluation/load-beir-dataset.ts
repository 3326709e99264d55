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

/** Which judgments to load: `test` (`queries.jsonl`, `qrels-test.tsv`) or `train` (`*-train.*`). */
export type BeirSplit = 'test' | 'train';

const parseLines = (text: string): Array<Record<string, unknown>> =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function readCorpus(directory: string): Promise<BeirDocument[]> {
  const plain = join(directory, 'corpus.jsonl');
  const text = existsSync(plain)
    ? await readFile(plain, 'utf8')
    : gunzipSync(await readFile(`${plain}.gz`)).toString('utf8');
  return parseLines(text).map((row) => ({
    id: String(row._id),
    title: typeof row.title === 'string' ? row.title : '',
    text: typeof row.text === 'string' ? row.text : '',
  }));
}

/** Reads a BEIR-layout folder (`corpus.jsonl[.gz]`, `queries[-train].jsonl`, `qrels-<split>.tsv`). */
export async function loadBeirDataset(directory: string, split: BeirSplit = 'test'): Promise<BeirDataset> {
  const queriesFile = split === 'train' ? 'queries-train.jsonl' : 'queries.jsonl';
  const qrelsFile = split === 'train' ? 'qrels-train.tsv' : 'qrels-test.tsv';
  const qrels = new Map<string, Map<string, number>>();
  for (const line of (await readFile(join(directory, qrelsFile), 'utf8')).split('\n')) {
    const [queryId, documentId, score] = line.trim().split('\t');
    if (!queryId || !documentId || score === undefined || queryId === 'query-id') continue;
    const judged = qrels.get(queryId) ?? new Map<string, number>();
    qrels.set(queryId, judged);
    judged.set(documentId, Number(score));
  }
  const queries = parseLines(await readFile(join(directory, queriesFile), 'utf8'))
    .map((row) => ({ id: String(row._id), text: String(row.text ?? '') }))
    .filter((query) => qrels.has(query.id));
  return { corpus: await readCorpus(directory), queries, qrels };
}
