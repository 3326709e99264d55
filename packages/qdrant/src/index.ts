/** Deterministic point ids (UUID v5) and the term hashing of the sparse vectors, for tools that read the data. */
export { pointId } from './point-id.js';
/** The error codes of the Qdrant store. */
export { qdrantErrors } from './qdrant-errors.js';
/** Opens the `KnowledgeStore` on a Qdrant server. */
export { openQdrantKnowledgeStore, type QdrantKnowledgeStore } from './qdrant-knowledge-store.js';
/** The options of the Qdrant knowledge store. */
export type {
  QdrantCollectionOptions,
  QdrantKnowledgeStoreOptions,
  QdrantLexicalOptions,
} from './qdrant-options.js';
export { termIndex } from './sparse-terms.js';
