/** The conformance suite every `KnowledgeStore` adapter runs, and a record builder for it. */

/** The promise an adapter keeps on each scoring case where it cannot compute the exact figures. */
export type { CasePromise, CasePromises, ExpectedHit } from './case-promises.js';
/** A store wrapper that fails chosen calls, for fault-injection tests of ingest. */
export { createFaultyStore, type StoreFaults } from './create-faulty-store.js';
/** The shared suite each adapter runs from its own test file. */
export { type ConformanceOptions, describeKnowledgeStoreConformance } from './knowledge-store-conformance.js';
/** Builds a record with sensible defaults, for conformance and fault tests. */
export { testRecord } from './test-record.js';
