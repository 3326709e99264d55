import type { KnowledgeRecord, KnowledgeStore } from '../store/knowledge-store.js';

/** Which store calls fail: an upsert after writing some records, or the stale-chunk delete. */
export interface StoreFaults {
  /** The next upsert writes this many records one by one, then throws. */
  failUpsertAfter?: number;
  /** The next `deleteChunksFrom` throws. */
  failStaleDelete?: boolean;
}

/** Wraps a real store so tests can make chosen calls fail; set the faults object's fields at any time. */
export function createFaultyStore(store: KnowledgeStore, faults: StoreFaults): KnowledgeStore {
  return {
    ...store,
    upsert: async (records: readonly KnowledgeRecord[]) => {
      const limit = faults.failUpsertAfter;
      if (limit === undefined) return store.upsert(records);
      faults.failUpsertAfter = undefined;
      for (const record of records.slice(0, limit)) await store.upsert([record]);
      throw new Error('disk full (injected)');
    },
    deleteChunksFrom: async (scope) => {
      if (!faults.failStaleDelete) return store.deleteChunksFrom(scope);
      faults.failStaleDelete = false;
      throw new Error('connection reset (injected)');
    },
    searchDense: (search) => store.searchDense(search),
    searchLexical: (search) => store.searchLexical(search),
    deleteDocuments: (scope) => store.deleteDocuments(scope),
    health: () => store.health(),
  };
}
