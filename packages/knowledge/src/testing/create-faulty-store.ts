import type { KnowledgeRecord, KnowledgeStore } from '../store/knowledge-store.js';

/**
 * Which store calls fail. The faults act like a store without transactions failing part-way, the worst a
 * `KnowledgeStore` may do: whatever was written before the failure stays written.
 */
export interface StoreFaults {
  /** The next `upsert` or `replaceDocument` writes this many records one by one, then throws. */
  failUpsertAfter?: number;
  /**
   * The next `replaceDocument` writes every record, then throws instead of deleting the stale chunks;
   * the next `deleteChunksFrom` throws.
   */
  failStaleDelete?: boolean;
}

/** Wraps a real store so tests can make chosen calls fail; set the faults object's fields at any time. */
export function createFaultyStore(store: KnowledgeStore, faults: StoreFaults): KnowledgeStore {
  // Writes part of the records when `failUpsertAfter` is set, and then throws; otherwise does nothing.
  const failMidway = async (records: readonly KnowledgeRecord[]): Promise<void> => {
    const limit = faults.failUpsertAfter;
    if (limit === undefined) return;
    faults.failUpsertAfter = undefined;
    for (const record of records.slice(0, limit)) await store.upsert([record]);
    throw new Error('disk full (injected)');
  };
  return {
    ...store,
    upsert: async (records: readonly KnowledgeRecord[]) => {
      await failMidway(records);
      return store.upsert(records);
    },
    replaceDocument: async (scope, records) => {
      await failMidway(records);
      if (!faults.failStaleDelete) return store.replaceDocument(scope, records);
      faults.failStaleDelete = false;
      await store.upsert(records);
      throw new Error('connection reset (injected)');
    },
    deleteChunksFrom: async (scope) => {
      if (!faults.failStaleDelete) return store.deleteChunksFrom(scope);
      faults.failStaleDelete = false;
      throw new Error('connection reset (injected)');
    },
    readDocument: (scope) => store.readDocument(scope),
    searchDense: (search) => store.searchDense(search),
    searchLexical: (search) => store.searchLexical(search),
    deleteDocuments: (scope) => store.deleteDocuments(scope),
    health: () => store.health(),
  };
}
