// How long an ingest of three large Chinese documents (900,000 characters each, about 7.8 MB of UTF-8: near the
// largest batch `knowledge.ingest` takes over HTTP, 8 MiB with each text at most 1,000,000 characters) holds the
// event loop at a stretch: a 1 ms interval timer records when it gets to run, and the
// longest gaps are printed with the phase they fell in. Memory store, offline hashing embedder.
// npx tsx --conditions=@opwire/source packages/knowledge/bench/ingest-event-loop.bench.ts
import { createKnowledge } from '../src/create-knowledge.js';
import { createHashingEmbeddingModel } from '../src/embedding/hashing-embedding-model.js';
import testSet from '../src/evaluation/__fixtures__/zh-retrieval.json' with { type: 'json' };
import { createMemoryKnowledgeStore } from '../src/memory/memory-knowledge-store.js';

const paragraphs = testSet.documents.map((document) => document.text).join('\n\n');
let text = '';
while (text.length < 900_000) text += `${paragraphs}\n\n`;
text = text.slice(0, 900_000);
const documents = ['a', 'b', 'c'].map((name) => ({ documentId: `large-${name}`, text }));
const hashing = createHashingEmbeddingModel();
const phases: Array<{ readonly at: number; readonly phase: string }> = [];
const knowledge = createKnowledge({
  store: createMemoryKnowledgeStore(),
  // The ingest reports embedding progress after each batch: the phase begins at the model's first call.
  embeddingModel: {
    ...hashing,
    doEmbed: (options: Parameters<typeof hashing.doEmbed>[0]) => {
      if (phases.at(-1)?.phase === 'chunking') phases.push({ at: performance.now(), phase: 'embedding' });
      return hashing.doEmbed(options);
    },
  },
});

const started = performance.now();
const ticks: number[] = [started];
phases.push({ at: started, phase: 'chunking' });
const timer = setInterval(() => ticks.push(performance.now()), 1);
const results = await knowledge.ingest(documents, {
  onProgress: ({ phase, done, total }) => {
    if (phases.at(-1)?.phase !== phase) phases.push({ at: performance.now(), phase });
    if (phase === 'embedding' && done === total)
      phases.push({ at: performance.now(), phase: 'analyzing and storing' });
  },
});
const ended = performance.now();
clearInterval(timer);
ticks.push(ended);

const phaseAt = (at: number) => phases.filter((each) => each.at <= at).at(-1)?.phase ?? 'chunking';
const gaps = ticks
  .slice(1)
  .map((at, index) => ({ from: ticks[index] as number, length: at - (ticks[index] as number) }));
gaps.sort((left, right) => right.length - left.length);
console.log(
  `${((3 * Buffer.byteLength(text)) / 1e6).toFixed(1)} MB, ${results.reduce((sum, each) => sum + each.chunks, 0)} chunks in ${Math.round(ended - started)} ms; the timer ran ${ticks.length - 2} times`,
);
console.log('| longest stretches without a turn of the event loop | ms | began in | ended in |');
console.log('| --- | ---: | --- | --- |');
for (const [index, gap] of gaps.slice(0, 5).entries()) {
  console.log(
    `| ${index + 1} | ${Math.round(gap.length)} | ${phaseAt(gap.from)} | ${phaseAt(gap.from + gap.length)} |`,
  );
}
