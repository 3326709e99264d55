/** A metadata value a record can carry and a filter can match exactly. */
export type MetadataValue = string | number | boolean;

/** One stored chunk: id `<documentId>#<chunkIndex>`, its text, vector and analyzed terms. */
export interface KnowledgeRecord {
  readonly id: string;
  readonly collection: string;
  /** The owning tenant; `''` for records shared by no tenant. Every search is limited to one tenant. */
  readonly tenant: string;
  readonly documentId: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly title?: string;
  readonly source?: string;
  readonly metadata: Readonly<Record<string, MetadataValue>>;
  readonly embedding: readonly number[];
  /** Analyzed terms (stemmed, CJK-segmented) that lexical search matches. */
  readonly terms: readonly string[];
}

/** A stored record without its vector and terms: what a read of a document returns. */
export interface StoredChunk {
  readonly id: string;
  readonly documentId: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly title?: string;
  readonly source?: string;
  readonly metadata: Readonly<Record<string, MetadataValue>>;
}

/** A stored record and how well it matched, without its vector and terms. */
export interface ScoredRecord extends StoredChunk {
  readonly score: number;
}

/** Which records a search or delete may touch: one collection of one tenant, narrowed by a filter. */
export interface KnowledgeScope {
  readonly collection: string;
  readonly tenant: string;
}

/** One document of one scope: what `replaceDocument` rewrites. */
export interface DocumentScope extends KnowledgeScope {
  readonly documentId: string;
}

/** Narrows a search: only these documents, only records whose metadata equals every given value. */
export interface KnowledgeFilter {
  readonly documentIds?: readonly string[];
  readonly metadata?: Readonly<Record<string, MetadataValue>>;
}

/** A query term with its weight (how often it occurs in the query). */
export interface QueryTerm {
  readonly term: string;
  readonly weight: number;
}

/** Okapi BM25 parameters. */
export interface Bm25Parameters {
  readonly k1: number;
  readonly b: number;
}

/** A nearest-neighbour search by cosine similarity. */
export interface DenseSearch extends KnowledgeScope {
  readonly vector: readonly number[];
  readonly top: number;
  readonly filter?: KnowledgeFilter;
}

/** A BM25 search; statistics (document count, average length, document frequency) cover the whole scope. */
export interface LexicalSearch extends KnowledgeScope {
  readonly terms: readonly QueryTerm[];
  readonly top: number;
  readonly filter?: KnowledgeFilter;
  readonly bm25: Bm25Parameters;
}

/**
 * Whether a store can serve: `ready`, or `degraded` with a stable code such as `VECTOR_STORE_UNREACHABLE`,
 * `COLLECTION_MISSING` or `TIMEOUT` — never a URL, host or key. It is the shape of an HTTP health item's state.
 */
export type StoreHealth =
  | { readonly status: 'ready' }
  | { readonly status: 'degraded'; readonly code: string };

/**
 * A dense and a lexical search of `depth` chunks each, fused by reciprocal rank as `fuseRanks` does (k 60:
 * `1 / (60 + rank)` per list, rank from 1), best `top` first.
 */
export interface HybridSearch extends KnowledgeScope {
  readonly vector: readonly number[];
  readonly terms: readonly QueryTerm[];
  readonly top: number;
  readonly depth: number;
  readonly filter?: KnowledgeFilter;
  readonly bm25: Bm25Parameters;
}

/**
 * The port every knowledge store implements. Upserts of one call are atomic where the store supports
 * transactions; a vector whose length differs from the collection's fails with `EMBEDDING_DIMENSION_MISMATCH`.
 * Dense search never returns a chunk for a zero query vector, nor a chunk whose own vector is zero.
 */
export interface KnowledgeStore {
  upsert(records: readonly KnowledgeRecord[]): Promise<void>;
  /**
   * Makes `records` (chunks 0..n-1 of the scope's document) the document's only chunks: writes them all, then
   * deletes its chunks from index n on, as one step that no other replace of the same document interleaves
   * with (one transaction where the store has them). When it fails, the previous version stays retrievable.
   * Resolves to the number of stale chunks deleted.
   */
  replaceDocument(scope: DocumentScope, records: readonly KnowledgeRecord[]): Promise<number>;
  /**
   * The chunks the scope holds of one document, by chunk index, without vectors and terms; none when the scope
   * does not hold it (another tenant's or collection's document of that id is never read).
   */
  readDocument(scope: DocumentScope): Promise<StoredChunk[]>;
  /** Deletes every chunk of these documents; resolves to the number of chunks deleted. */
  deleteDocuments(scope: KnowledgeScope & { readonly documentIds: readonly string[] }): Promise<number>;
  /** Deletes a document's chunks whose index is at least `fromIndex` (the stale tail after re-ingest). */
  deleteChunksFrom(
    scope: KnowledgeScope & { readonly documentId: string; readonly fromIndex: number },
  ): Promise<number>;
  searchDense(search: DenseSearch): Promise<ScoredRecord[]>;
  searchLexical(search: LexicalSearch): Promise<ScoredRecord[]>;
  /**
   * Optional: fuses dense and lexical ranks inside the store (one round trip). `retrieve` uses it in hybrid mode
   * when the query has both a non-zero vector and terms; without it, `retrieve` fuses the two lists itself.
   */
  searchHybrid?(search: HybridSearch): Promise<ScoredRecord[]>;
  /** Probes the store without throwing; what a health item reports. */
  health(): Promise<StoreHealth>;
  close?(): Promise<void>;
}
