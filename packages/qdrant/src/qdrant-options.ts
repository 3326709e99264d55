/** How a knowledge collection is kept in Qdrant. */
export interface QdrantCollectionOptions {
  /** The embedding length; a chunk or query vector of another length fails with `EMBEDDING_DIMENSION_MISMATCH`. */
  readonly dimensions: number;
  /** Defaults to `Cosine` (scores are cosine similarity, as the port promises); `Dot` suits unit vectors. */
  readonly distance?: 'Cosine' | 'Dot';
  /** Metadata keys searches filter on and their Qdrant index type, so the filter runs on an index. */
  readonly filterable?: Readonly<Record<string, 'keyword' | 'integer' | 'float' | 'bool'>>;
}

/** BM25 as the store writes it into each chunk's sparse vector (Qdrant applies only the IDF at query time). */
export interface QdrantLexicalOptions {
  /** Term-frequency saturation; defaults to 1.2, and must equal the knowledge's `bm25.k1`. */
  readonly k1?: number;
  /** Length normalisation; defaults to 0.75, and must equal the knowledge's `bm25.b`. */
  readonly b?: number;
  /**
   * The average chunk length in terms that length normalisation assumes; defaults to 128. Lexical ranks equal exact
   * BM25 only when it is the scope's real average chunk length; the further off, the more they can differ.
   */
  readonly averageTerms?: number;
}

/** Where the Qdrant server is and which knowledge collections it keeps. */
export interface QdrantKnowledgeStoreOptions {
  /** The server's REST address, such as `http://127.0.0.1:6333`. */
  readonly url: string;
  readonly apiKey?: string | undefined;
  /** One Qdrant collection per knowledge collection, created at startup when missing. */
  readonly collections: Readonly<Record<string, QdrantCollectionOptions>>;
  /** Prefix of the Qdrant collection names (`<prefix><collection>`); defaults to `opwire_`. */
  readonly collectionPrefix?: string;
  readonly lexical?: QdrantLexicalOptions;
  /** Points per upsert request; defaults to 256. A request also stays under 32 MiB, Qdrant's default limit. */
  readonly batchSize?: number;
  /** How long one request may take before it fails; defaults to 30 s. */
  readonly timeoutMs?: number;
  /** How long `health()` waits for the server before it reports `TIMEOUT`; defaults to 5 s. */
  readonly healthTimeoutMs?: number;
}

/** The options with their defaults applied. */
export interface ResolvedQdrantOptions {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly collections: ReadonlyMap<
    string,
    Required<QdrantCollectionOptions> & { readonly qdrantName: string }
  >;
  readonly lexical: Required<QdrantLexicalOptions>;
  readonly batchSize: number;
  readonly timeoutMs: number;
  readonly healthTimeoutMs: number;
}
