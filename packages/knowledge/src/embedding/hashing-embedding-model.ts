import { type Analyzer, createAnalyzer } from '../analysis/analyzer.js';
import { createEventLoopPause } from '../event-loop-pause.js';
import type { EmbeddingModelV4 } from './embedding-model-v4.js';

/** Settings for the hashing embedder. */
export interface HashingEmbeddingOptions {
  /** Vector length; defaults to 384. */
  readonly dimensions?: number;
  readonly analyzer?: Analyzer;
}

// FNV-1a, 32 bits: fast, stable across runs and platforms.
function hash(text: string, seed: number): number {
  let value = 0x811c9dc5 ^ seed;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** Embeds one text: feature hashing of its analyzed terms and term pairs, sublinear counts, L2-normalized. */
export function hashEmbedding(terms: readonly string[], dimensions: number): number[] {
  const counts = new Map<string, number>();
  terms.forEach((term, index) => {
    counts.set(term, (counts.get(term) ?? 0) + 1);
    const next = terms[index + 1];
    if (next !== undefined) counts.set(`${term} ${next}`, (counts.get(`${term} ${next}`) ?? 0) + 0.5);
  });
  const vector = new Array<number>(dimensions).fill(0);
  for (const [feature, count] of counts) {
    const bucket = hash(feature, 0) % dimensions;
    const sign = hash(feature, 0x9e3779b9) & 1 ? 1 : -1;
    vector[bucket]! += sign * (count >= 1 ? 1 + Math.log(count) : count);
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * A deterministic, offline embedding model for tests and offline use, implemented as an AI SDK
 * `EmbeddingModelV4`, so it goes through `embedMany` like any provider's model.
 */
export function createHashingEmbeddingModel(options: HashingEmbeddingOptions = {}): EmbeddingModelV4 {
  const dimensions = options.dimensions ?? 384;
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new RangeError(`dimensions must be a positive integer, got ${options.dimensions}.`);
  }
  const analyzer = options.analyzer ?? createAnalyzer();
  return {
    specificationVersion: 'v4',
    provider: 'opwire',
    modelId: `hashing-${dimensions}`,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: true,
    async doEmbed({ values, abortSignal }) {
      // Computed here, in the caller's process: the event loop runs between slices of a large batch.
      const pause = createEventLoopPause();
      const embeddings: number[][] = [];
      for (const value of values) {
        abortSignal?.throwIfAborted();
        embeddings.push(hashEmbedding(analyzer.analyze(value), dimensions));
        await pause();
      }
      return { embeddings, warnings: [] };
    },
  };
}
