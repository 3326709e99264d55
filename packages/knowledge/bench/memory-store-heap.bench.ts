// What the in-memory knowledge store holds once a corpus is ingested: 4,000 documents of English Markdown and
// Chinese FAQ text (this repository's README in pieces and the Chinese test set), 384-dimension hashing vectors,
// the default structured chunks. Prints the JavaScript heap and the memory outside it (typed arrays and
// WebAssembly memory: the vector index, the BM25 postings) held after a full garbage collection. The chunk count
// follows the README, so compare figures taken of one commit.
// npx tsx --conditions=@opwire/source packages/knowledge/bench/memory-store-heap.bench.ts
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createKnowledge } from '../src/create-knowledge.js';
import { createHashingEmbeddingModel } from '../src/embedding/hashing-embedding-model.js';
import testSet from '../src/evaluation/__fixtures__/zh-retrieval.json' with { type: 'json' };
import { createMemoryKnowledgeStore } from '../src/memory/memory-knowledge-store.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const paragraphs = [
  ...readFileSync(new URL('../../../README.md', import.meta.url), 'utf8').split(/\n\n+/),
  ...testSet.documents.map((document) => document.text),
].filter((paragraph) => paragraph.trim() !== '');
const documents = Array.from({ length: 4000 }, (_, index) => ({
  documentId: `d${index}`,
  title: `Document ${index}`,
  text: Array.from({ length: 6 }, (_, offset) => paragraphs[(index * 7 + offset) % paragraphs.length]).join(
    '\n\n',
  ),
}));

const usage = () => {
  collect();
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
};
const before = usage();
const store = createMemoryKnowledgeStore();
const results = await createKnowledge({ store, embeddingModel: createHashingEmbeddingModel() }).ingest(
  documents,
);
const after = usage();
const chunks = results.reduce((sum, each) => sum + each.chunks, 0);
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  '| memory store after ingest | chunks | heap MB | outside the heap MB (typed arrays: the vectors, the postings) | heap bytes per chunk |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(
  `| ${documents.length} documents | ${chunks} | ${megabytes(after.heapUsed - before.heapUsed)} | ${megabytes(after.external - before.external)} | ${Math.round((after.heapUsed - before.heapUsed) / chunks)} |`,
);
// The store is still in use here, so the collection above could not take it.
await store.readDocument({ collection: 'default', tenant: '', documentId: 'd0' });
