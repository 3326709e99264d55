/** The conformance suite every `KnowledgeStore` adapter runs, and a record builder for it. */

/** A store wrapper that fails chosen calls, for fault-injection tests of ingest. */
export { createFaultyStore, type StoreFaults } from './create-faulty-store.js';
export {
  type ConformanceOptions,
  describeKnowledgeStoreConformance,
  testRecord,
} from './knowledge-store-conformance.js';
