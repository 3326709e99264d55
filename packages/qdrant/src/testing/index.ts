/** A local stand-in for a Qdrant server, checked against Qdrant's official OpenAPI document (server 1.19). */

/** Validates requests and answers against the stored subset of Qdrant's document. */
export { createOpenApiValidator, type OpenApiValidator } from './openapi-validator.js';
/** Starts the stand-in: the REST subset the adapter uses, with real search (cosine, IDF sparse, RRF, filters). */
export {
  type QdrantStandIn,
  type QdrantStandInOptions,
  startQdrantStandIn,
} from './start-qdrant-stand-in.js';
