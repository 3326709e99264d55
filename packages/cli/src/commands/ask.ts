import { parseArgs } from 'node:util';
import { type RetrievalMode, retrievalModes, type ScoredRecord } from '@opwire/knowledge';
import {
  checkUrl,
  knowledgeArgs,
  openCliKnowledge,
  parseStore,
  parseWholeNumber,
  qdrantEnvironment,
} from '../open-cli-knowledge.js';
import { printableName } from '../printable-name.js';
import { printableText } from '../printable-text.js';
import { UsageError } from '../usage-error.js';

// More chunks than this is no longer context a model reads; the search operation stops at 50.
const maxTop = 100;

/** What `opwire ask --help` prints. */
export const usage = `usage: opwire ask "<question>" [--top 5] [--mode ${retrievalModes.join('|')}] [--store pglite|qdrant] [--data-dir .data/knowledge] [--url <qdrant>] [--collection default] [--dimensions 384]
${qdrantEnvironment}`;

/** The prompt template in the question's language: `zh-CN` for Chinese (Han without kana), else `default`. */
function templateFor(question: string): string {
  const chinese =
    /\p{Script=Han}/u.test(question) && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(question);
  return chinese ? 'zh-CN' : 'default';
}

/**
 * A retrieved chunk as `ask` prints it: its file name, title and document id on one line, its text with only
 * newlines and tabs left as they are, so the context block never sends a file's escape sequences to the terminal.
 */
function printable(chunk: ScoredRecord): ScoredRecord {
  return {
    ...chunk,
    documentId: printableName(chunk.documentId),
    text: printableText(chunk.text),
    ...(chunk.title === undefined ? {} : { title: printableName(chunk.title) }),
    ...(chunk.source === undefined ? {} : { source: printableName(chunk.source) }),
  };
}

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...knowledgeArgs,
      top: { type: 'string', default: '5' },
      mode: { type: 'string', default: 'hybrid' },
    },
  });
  const question = positionals.join(' ').trim();
  if (!question) throw new UsageError('say what to ask: opwire ask "<question>"');
  const mode = values.mode as RetrievalMode;
  if (!retrievalModes.includes(mode)) {
    throw new UsageError(`--mode must be one of ${retrievalModes.join(', ')}, not "${values.mode}"`);
  }
  const top = parseWholeNumber('--top', values.top, { min: 1, max: maxTop });
  const store = parseStore(values.store, ['pglite', 'qdrant']);
  checkUrl(values.url, [store]);
  const { knowledge, close } = await openCliKnowledge({
    store,
    dataDir: values['data-dir'],
    ...(values.url ? { url: values.url } : {}),
    collections: [values.collection],
    dimensions: values.dimensions,
    // Asking never creates a store: a mistyped folder is an error, not an empty answer.
    requireExisting: true,
  });
  try {
    const chunks = await knowledge.retrieve({ text: question, collection: values.collection, top, mode });
    if (chunks.length === 0) {
      console.log('No matching knowledge found.');
      return 0;
    }
    const shown = chunks.map(printable);
    const { prompt, sources } = knowledge.augment(question, shown, { template: templateFor(question) });
    console.log(prompt);
    console.log('\nSources:');
    shown.forEach((chunk, index) => {
      console.log(
        `  [${sources[index]!.number}] ${sources[index]!.name} (${printableName(chunk.id)}, score ${chunk.score.toFixed(4)})`,
      );
    });
    return 0;
  } finally {
    await close();
  }
}
