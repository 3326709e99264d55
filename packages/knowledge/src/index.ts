/** Text analysis: the analyzer (stop words, Porter stemming, CJK words or bigrams) and token counting. */
export { type Analyzer, type AnalyzerOptions, type CjkMode, createAnalyzer } from './analysis/analyzer.js';
/** Counts tokens the way chunk sizes are measured. */
export { countTokens } from './analysis/count-tokens.js';
/** Lucene's English stop words. */
export { englishStopWords } from './analysis/stop-words.js';
/** Builds numbered-context prompts from retrieved chunks. */
export {
  type AugmentedPrompt,
  augment,
  checkPromptTemplate,
  defaultPromptTemplates,
  sourceName,
} from './augment.js';
/** The largest vector length a collection may declare. */
export { maxDimensions } from './check-knowledge-options.js';
/** Fixed-window chunking in characters. */
export { chunkFixed, type FixedChunkOptions } from './chunking/chunk-fixed.js';
/** Structure-aware chunking in tokens. */
export { chunkStructured, type StructuredChunkOptions } from './chunking/chunk-structured.js';
/** A Markdown text's title: its first level-one heading outside fenced code blocks. */
export { findMarkdownTitle } from './chunking/find-markdown-title.js';
/** The knowledge pipeline and its options. */
export {
  type ChunkingOptions,
  type CollectionOptions,
  createKnowledge,
  defaultBm25,
  type Knowledge,
  type KnowledgeOptions,
} from './create-knowledge.js';
/** Embeds texts through `embedMany` in batches with bounded concurrency and retries. */
export { type EmbedTextsOptions, embedTexts } from './embedding/embed-texts.js';
/** AI SDK embedding model types accepted by the pipeline. */
export type { EmbeddingModelV4, KnowledgeEmbeddingModel } from './embedding/embedding-model-v4.js';
/** The deterministic offline embedder (an AI SDK embedding model). */
export {
  createHashingEmbeddingModel,
  type HashingEmbeddingOptions,
  hashEmbedding,
} from './embedding/hashing-embedding-model.js';
/** Prints several stores' runs of one benchmark side by side, against the first. */
export {
  formatBenchmarkComparison,
  type NamedBenchmarkReport,
} from './evaluation/format-benchmark-comparison.js';
/** Reads BEIR-layout benchmark folders. */
export {
  type BeirDataset,
  type BeirDocument,
  type BeirSplit,
  loadBeirDataset,
} from './evaluation/load-beir-dataset.js';
/** Ranking quality metrics. */
export {
  averagePrecision,
  ndcgAt,
  type Ranking,
  type RetrievalScores,
  recallAt,
  scoreRuns,
} from './evaluation/retrieval-metrics.js';
/** Runs and prints a BEIR retrieval benchmark over a knowledge pipeline. */
export {
  type BenchmarkReport,
  formatBenchmarkReport,
  type ModeReport,
  type RetrievalBenchmarkOptions,
  runRetrievalBenchmark,
} from './evaluation/run-retrieval-benchmark.js';
/** Reciprocal rank fusion of ranked lists. */
export { fuseRanks } from './fuse-ranks.js';
/** Ingest types. */
export type { IngestDocument, IngestOptions, IngestProgress, IngestResult } from './ingest.js';
/** The error codes of the knowledge pipeline. */
export { knowledgeErrors } from './knowledge-errors.js';
/** How embedding calls are batched. */
export type { EmbeddingBatchOptions } from './knowledge-settings.js';
/** The in-memory BM25 index. */
export { createLexicalIndex, type LexicalHit, type LexicalIndex } from './memory/lexical-index.js';
/** The in-memory knowledge store. */
export { createMemoryKnowledgeStore } from './memory/memory-knowledge-store.js';
/** Knowledge as Opwire operations: search, ingest, remove. */
export {
  createKnowledgeOperations,
  type KnowledgeOperationsOptions,
} from './operations/create-knowledge-operations.js';
/** Retrieval request types, the list of modes, and query-term weighting. */
export {
  type RetrievalMode,
  type RetrieveRequest,
  retrievalModes,
  toQueryTerms,
} from './retrieve.js';
/** Orders record ids by code point: the tie-break of chunks with equal scores on every store. */
export { compareRecordIds } from './store/compare-record-ids.js';
/** Compiles a filter once per query into a test of one record (for adapters that filter in process). */
export { compileFilter, type RecordFilter } from './store/compile-filter.js';
/** The health item of a knowledge store (not critical by default), for `@opwire/http`'s readiness. */
export { type KnowledgeHealthItem, knowledgeHealthItem } from './store/knowledge-health-item.js';
/** The bounds of record metadata and filters, and their checks (`OUT_OF_RANGE` past them). */
export { checkFilter, checkMetadata, knowledgeLimits } from './store/knowledge-limits.js';
/** The `KnowledgeStore` port and the types it speaks. */
export type {
  Bm25Parameters,
  DenseSearch,
  DocumentScope,
  HybridSearch,
  KnowledgeFilter,
  KnowledgeRecord,
  KnowledgeScope,
  KnowledgeStore,
  LexicalSearch,
  MetadataValue,
  QueryTerm,
  ScoredRecord,
  StoredChunk,
  StoreHealth,
} from './store/knowledge-store.js';
/** Whether a record passes a filter (for adapters that filter in process). */
export { matchesFilter } from './store/matches-filter.js';
/** Turns a stored record into a search hit. */
export { toScoredRecord } from './store/to-scored-record.js';
