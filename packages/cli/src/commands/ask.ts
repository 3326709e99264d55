import { parseArgs } from 'node:util';
import { createHashingEmbeddingModel, createKnowledge, type RetrievalMode } from '@opwire/knowledge';
import { openPostgresKnowledgeStore } from '@opwire/postgres/knowledge';
import { defaultDataDir } from './ingest.js';

/** One line for `opwire --help`. */
export const summary =
  'ask "<question>": retrieve from the ingested knowledge and print the numbered context';

const modes: readonly RetrievalMode[] = ['dense', 'lexical', 'hybrid'];

/** Runs the command; returns the exit code. */
export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string', default: defaultDataDir },
      collection: { type: 'string', default: 'default' },
      top: { type: 'string', default: '5' },
      mode: { type: 'string', default: 'hybrid' },
      dimensions: { type: 'string', default: '384' },
    },
  });
  const question = positionals.join(' ').trim();
  const mode = values.mode as RetrievalMode;
  const top = Number(values.top);
  if (!question || !modes.includes(mode) || !Number.isInteger(top) || top < 1) {
    console.error(
      'usage: opwire ask "<question>" [--top 5] [--mode dense|lexical|hybrid] [--data-dir .data/knowledge]',
    );
    return 2;
  }
  const store = await openPostgresKnowledgeStore({ dataDir: values['data-dir'] });
  try {
    const knowledge = createKnowledge({
      store,
      embeddingModel: createHashingEmbeddingModel({ dimensions: Number(values.dimensions) }),
    });
    const chunks = await knowledge.retrieve({ text: question, collection: values.collection, top, mode });
    if (chunks.length === 0) {
      console.log('No matching knowledge found.');
      return 0;
    }
    const { prompt, sources } = knowledge.augment(question, chunks);
    console.log(prompt);
    console.log('\nSources:');
    chunks.forEach((chunk, index) => {
      console.log(
        `  [${sources[index]!.number}] ${sources[index]!.name} (${chunk.id}, score ${chunk.score.toFixed(4)})`,
      );
    });
    return 0;
  } finally {
    await store.close?.();
  }
}
