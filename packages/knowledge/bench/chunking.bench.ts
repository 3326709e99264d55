// How long the structure-aware chunker (the default, 256 tokens) takes on one large document: the Chinese FAQ set
// repeated to 900,000 characters (near the largest text `knowledge.ingest` takes) and as many characters of
// English Markdown (this repository's README repeated). Chunking one document is one synchronous step of an
// ingest, so this is also how long it holds the event loop. Best of 7 after a warm-up.
// npx tsx --conditions=@opwire/source packages/knowledge/bench/chunking.bench.ts
import { readFileSync } from 'node:fs';
import { chunkStructured } from '../src/chunking/chunk-structured.js';
import testSet from '../src/evaluation/__fixtures__/zh-retrieval.json' with { type: 'json' };

const repeatTo = (text: string, length: number) =>
  text.repeat(Math.ceil(length / text.length)).slice(0, length);
const texts = {
  Chinese: repeatTo(`${testSet.documents.map((document) => document.text).join('\n\n')}\n\n`, 900_000),
  English: repeatTo(`${readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')}\n\n`, 900_000),
};

console.log('| document (900,000 characters) | chunks | ms (best of 7) |');
console.log('| --- | ---: | ---: |');
for (const [name, text] of Object.entries(texts)) {
  const chunks = chunkStructured(text, { maxTokens: 256 }).length;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    chunkStructured(text, { maxTokens: 256 });
    best = Math.min(best, performance.now() - started);
  }
  console.log(`| ${name} | ${chunks} | ${best.toFixed(0)} |`);
}
