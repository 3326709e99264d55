// How long the structure-aware chunker (the default, 256 tokens) takes on one large document: the Chinese FAQ set
// repeated to 900,000 characters (near the largest text `knowledge.ingest` takes) and as many characters of
// English Markdown (this repository's README repeated). Best of 7 after a warm-up. An ingest chunks in steps
// (`chunkStructuredInSteps`), giving the event loop a turn between them: the longest step of one run is printed too.
// npx tsx --conditions=@opwire/source packages/knowledge/bench/chunking.bench.ts
import { readFileSync } from 'node:fs';
import { chunkStructured, chunkStructuredInSteps } from '../src/chunking/chunk-structured.js';
import testSet from '../src/evaluation/__fixtures__/zh-retrieval.json' with { type: 'json' };

const repeatTo = (text: string, length: number) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);
const texts = {
  Chinese: repeatTo(`${testSet.documents.map((document) => document.text).join('\n\n')}\n\n`, 900_000),
  English: repeatTo(`${readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')}\n\n`, 900_000),
};

console.log('| document (900,000 characters) | chunks | ms (best of 7) | steps | longest step, ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, text] of Object.entries(texts)) {
  const chunks = chunkStructured(text, { maxTokens: 256 }).length;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    chunkStructured(text, { maxTokens: 256 });
    best = Math.min(best, performance.now() - started);
  }
  const steps = chunkStructuredInSteps(text, { maxTokens: 256 });
  let count = 0;
  let longest = 0;
  for (let done = false; !done; count++) {
    const started = performance.now();
    done = steps.next().done === true;
    longest = Math.max(longest, performance.now() - started);
  }
  console.log(`| ${name} | ${chunks} | ${best.toFixed(0)} | ${count} | ${longest.toFixed(1)} |`);
}
