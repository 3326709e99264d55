import type { Analyzer } from './analysis/analyzer.js';
import type { Steps } from './chunking/steps.js';
import type { KnowledgeEmbeddingModel } from './embedding/embedding-model-v4.js';
import type { Bm25Parameters, KnowledgeStore } from './store/knowledge-store.js';

/** How embedding calls are batched: texts per call, calls in flight, retries per call. */
export interface EmbeddingBatchOptions {
  readonly batchSize?: number;
  readonly concurrency?: number;
  readonly maxRetries?: number;
}

/** What ingest and retrieve share, resolved once by `createKnowledge`. */
export interface KnowledgeSettings {
  readonly store: KnowledgeStore;
  readonly analyzer: Analyzer;
  readonly bm25: Bm25Parameters;
  readonly defaultCollection: string;
  /** Chunks `retrieve` returns when the request names no `top`. */
  readonly defaultTop: number;
  readonly embedding: EmbeddingBatchOptions;
  /** Chunks a text as its collection says, one piece at a time (see `Steps`). */
  chunk(collection: string, text: string): Steps<string[]>;
  /** The request's model, else the collection's, else the default; throws `NO_EMBEDDING_MODEL`. */
  resolveModel(collection: string, requested: KnowledgeEmbeddingModel | undefined): KnowledgeEmbeddingModel;
  /** The vector length configured for a collection, if any. */
  dimensionsOf(collection: string): number | undefined;
}

/** The text a chunk is embedded and indexed as: its document's title, then the chunk. */
export function indexedText(title: string | undefined, text: string): string {
  return title ? `${title}\n\n${text}` : text;
}
