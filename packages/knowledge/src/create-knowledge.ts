import { type Analyzer, createAnalyzer } from './analysis/analyzer.js';
import {
  type AugmentedPrompt,
  augment,
  checkPromptTemplate,
  defaultPromptTemplates,
  sourceLabels,
} from './augment.js';
import { checkKnowledgeOptions } from './check-knowledge-options.js';
import { chunkFixedInSteps } from './chunking/chunk-fixed.js';
import { chunkStructuredInSteps } from './chunking/chunk-structured.js';
import type { Steps } from './chunking/steps.js';
import type { KnowledgeEmbeddingModel } from './embedding/embedding-model-v4.js';
import { type IngestDocument, type IngestOptions, type IngestResult, ingest } from './ingest.js';
import { knowledgeErrors } from './knowledge-errors.js';
import type { EmbeddingBatchOptions, KnowledgeSettings } from './knowledge-settings.js';
import { type RetrieveRequest, retrieve } from './retrieve.js';
import type { Bm25Parameters, KnowledgeStore, ScoredRecord, StoredChunk } from './store/knowledge-store.js';
import { toStoreError } from './store/to-store-error.js';

/** How a collection's documents are cut: structure-aware by tokens, or fixed windows of characters. */
export type ChunkingOptions =
  | { readonly kind: 'structured'; readonly maxTokens: number }
  | { readonly kind: 'fixed'; readonly size: number; readonly overlap?: number };

/** Per-collection settings that override the knowledge-wide ones. */
export interface CollectionOptions {
  readonly embeddingModel?: KnowledgeEmbeddingModel;
  /** Expected vector length; a model returning another fails with `EMBEDDING_DIMENSION_MISMATCH`. */
  readonly dimensions?: number;
  readonly chunking?: ChunkingOptions;
}

/** Everything `createKnowledge` needs; only the store is required. */
export interface KnowledgeOptions {
  readonly store: KnowledgeStore;
  /** The default model for every collection without its own. */
  readonly embeddingModel?: KnowledgeEmbeddingModel;
  readonly collections?: Readonly<Record<string, CollectionOptions>>;
  /** Defaults to `default`. */
  readonly defaultCollection?: string;
  /** Defaults to structure-aware chunks of at most 256 tokens. */
  readonly chunking?: ChunkingOptions;
  readonly analyzer?: Analyzer;
  /** Defaults to k1 = 1.2, b = 0.75 (chosen on SciFact's train split); k1 ≥ 0, b from 0 to 1. */
  readonly bm25?: Bm25Parameters;
  /** Chunks `retrieve` returns when a request names no `top`; defaults to 5. */
  readonly defaultTop?: number;
  readonly embedding?: EmbeddingBatchOptions;
  /** Prompt templates by name, merged over the built-in `default` and `zh-CN`. */
  readonly templates?: Readonly<Record<string, string>>;
  /** The template `augment` uses unless told otherwise; defaults to `default`. Checked at startup. */
  readonly template?: string;
}

/** The knowledge pipeline: ingest, remove, read a document, retrieve, augment. */
export interface Knowledge {
  readonly store: KnowledgeStore;
  readonly defaultCollection: string;
  ingest(documents: readonly IngestDocument[], options?: IngestOptions): Promise<IngestResult[]>;
  /** Deletes documents of one tenant; resolves to the chunks deleted, fails with `KNOWLEDGE_STORE_FAILED`. */
  remove(
    collection: string,
    documentIds: readonly string[],
    options?: { readonly tenant?: string },
  ): Promise<number>;
  /**
   * One tenant's chunks of a document, by chunk index (none when that tenant's collection does not hold it):
   * what the knowledge base says the document is now. Fails with `KNOWLEDGE_STORE_FAILED`.
   */
  readDocument(
    collection: string,
    documentId: string,
    options?: { readonly tenant?: string },
  ): Promise<StoredChunk[]>;
  retrieve(request: RetrieveRequest): Promise<ScoredRecord[]>;
  /** Builds the prompt from chunks with a named template (checked when first used if not the default). */
  augment(
    question: string,
    chunks: readonly ScoredRecord[],
    options?: { readonly template?: string },
  ): AugmentedPrompt;
}

/** Default BM25 parameters: the best of a grid on SciFact train (nDCG@10). */
export const defaultBm25: Bm25Parameters = { k1: 1.2, b: 0.75 };

const chunkWith = (options: ChunkingOptions, text: string): Steps<string[]> =>
  options.kind === 'fixed'
    ? chunkFixedInSteps(text, options)
    : chunkStructuredInSteps(text, { maxTokens: options.maxTokens });

/**
 * Builds the knowledge pipeline over a store. A missing or malformed template, or an invalid number (chunk size
 * or overlap, token limit, BM25 k1 or b, default top, dimensions, embedding batches) fails here, at startup,
 * with `INVALID_CONFIGURATION` naming the setting.
 */
export function createKnowledge(options: KnowledgeOptions): Knowledge {
  checkKnowledgeOptions(options);
  const templates = { ...defaultPromptTemplates, ...options.templates };
  const defaultTemplate = options.template ?? 'default';
  for (const [name, template] of Object.entries(templates)) checkPromptTemplate(name, template);
  checkPromptTemplate(defaultTemplate, templates[defaultTemplate]);
  const collectionOf = (name: string): CollectionOptions => options.collections?.[name] ?? {};
  const settings: KnowledgeSettings = {
    store: options.store,
    analyzer: options.analyzer ?? createAnalyzer(),
    bm25: options.bm25 ?? defaultBm25,
    defaultCollection: options.defaultCollection ?? 'default',
    defaultTop: options.defaultTop ?? 5,
    embedding: options.embedding ?? {},
    chunk: (collection, text) =>
      chunkWith(
        collectionOf(collection).chunking ?? options.chunking ?? { kind: 'structured', maxTokens: 256 },
        text,
      ),
    resolveModel(collection, requested) {
      const model = requested ?? collectionOf(collection).embeddingModel ?? options.embeddingModel;
      if (!model) throw knowledgeErrors.NO_EMBEDDING_MODEL({ params: { collection } });
      return model;
    },
    dimensionsOf: (collection) => collectionOf(collection).dimensions,
  };
  return {
    store: options.store,
    defaultCollection: settings.defaultCollection,
    ingest: (documents, ingestOptions) => ingest(settings, documents, ingestOptions),
    remove: (collection, documentIds, removeOptions) =>
      options.store
        .deleteDocuments({ collection, tenant: removeOptions?.tenant ?? '', documentIds })
        .catch((error: unknown) => {
          throw toStoreError(error);
        }),
    readDocument: (collection, documentId, readOptions) =>
      options.store
        .readDocument({ collection, tenant: readOptions?.tenant ?? '', documentId })
        .catch((error: unknown) => {
          throw toStoreError(error);
        }),
    retrieve: (request) => retrieve(settings, request),
    augment(question, chunks, augmentOptions) {
      const name = augmentOptions?.template ?? defaultTemplate;
      return augment(question, chunks, checkPromptTemplate(name, templates[name]), {
        sourceLabel: sourceLabels[name] ?? 'Source: ',
      });
    },
  };
}
