import { createEventLoopPause } from '../event-loop-pause.js';
import { knowledgeErrors } from '../knowledge-errors.js';
import { compileFilter } from '../store/compile-filter.js';
import type {
  DenseSearch,
  DocumentScope,
  KnowledgeRecord,
  KnowledgeScope,
  KnowledgeStore,
  LexicalSearch,
  ScoredRecord,
  StoredChunk,
} from '../store/knowledge-store.js';
import { toScoredRecord, toStoredChunk } from '../store/to-scored-record.js';
import type { VectorIndex } from '../vector/index.js';
import { createVectorIndex } from '../vector/index.js';
import { createLexicalIndex, type LexicalIndex } from './lexical-index.js';

// A zero vector (a chunk or query with no terms) has no direction: it is kept out of the vector index.
const isZero = (vector: readonly number[]) => vector.every((value) => value === 0);

interface Partition {
  /** What a read or a search returns of each chunk: its vector is in `vectors` and its terms in `lexical` only. */
  readonly records: Map<string, StoredChunk>;
  readonly lexical: LexicalIndex;
  vectors: VectorIndex | undefined;
}

/** Creates a `KnowledgeStore` held in process memory, with exact vector search and a BM25 index. */
export function createMemoryKnowledgeStore(): KnowledgeStore {
  // One partition per collection and tenant: searches never see another tenant's records or statistics.
  const partitions = new Map<string, Partition>();
  const dimensions = new Map<string, number>();
  const keyOf = (scope: KnowledgeScope) => JSON.stringify([scope.collection, scope.tenant]);
  const partitionOf = (scope: KnowledgeScope, create: boolean): Partition | undefined => {
    let partition = partitions.get(keyOf(scope));
    if (!partition && create) {
      partition = { records: new Map(), lexical: createLexicalIndex(), vectors: undefined };
      partitions.set(keyOf(scope), partition);
    }
    return partition;
  };
  const checkDimensions = (collection: string, actual: number): void => {
    const expected = dimensions.get(collection);
    if (expected !== undefined && expected !== actual) {
      throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({ params: { collection, expected, actual } });
    }
  };
  const remove = (partition: Partition, id: string): void => {
    partition.records.delete(id);
    partition.lexical.delete(id);
    partition.vectors?.delete(id);
  };
  const deleteWhere = (scope: KnowledgeScope, test: (record: StoredChunk) => boolean): number => {
    const partition = partitionOf(scope, false);
    if (!partition) return 0;
    const doomed = [...partition.records.values()].filter(test);
    for (const record of doomed) remove(partition, record.id);
    return doomed.length;
  };

  // Every call runs once the one before it has finished, so a write done in slices (the event loop gets a turn
  // between them: a large document's thousands of chunks take hundreds of milliseconds to index) is still one
  // step to every other call: a replace is never seen half done, and a rejected batch writes nothing.
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
    const result = previous.then(work);
    previous = result.catch(() => undefined);
    return result;
  };
  const write = async (records: readonly KnowledgeRecord[]): Promise<void> => {
    const batch = new Map<string, number>();
    for (const record of records) {
      const expected = batch.get(record.collection) ?? dimensions.get(record.collection);
      if (expected !== undefined && expected !== record.embedding.length) {
        throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
          params: { collection: record.collection, expected, actual: record.embedding.length },
        });
      }
      batch.set(record.collection, record.embedding.length);
    }
    const pause = createEventLoopPause();
    for (const record of records) {
      dimensions.set(record.collection, record.embedding.length);
      const partition = partitionOf(record, true)!;
      partition.vectors ??= createVectorIndex({ dimensions: record.embedding.length });
      partition.records.set(record.id, toStoredChunk(record));
      partition.lexical.set(record.id, record.terms);
      if (isZero(record.embedding)) partition.vectors.delete(record.id);
      else partition.vectors.upsert(record.id, Float32Array.from(record.embedding));
      await pause();
    }
  };
  const deleteTail = (scope: DocumentScope, fromIndex: number): number =>
    deleteWhere(scope, (record) => record.documentId === scope.documentId && record.chunkIndex >= fromIndex);

  return {
    upsert: (records) => inTurn(() => write(records)),
    replaceDocument: (scope, records) =>
      inTurn(async () => {
        await write(records);
        return deleteTail(scope, records.length);
      }),
    readDocument: (scope) => inTurn(() => readDocument(scope)),
    deleteDocuments: (scope) =>
      inTurn(() => {
        const ids = new Set(scope.documentIds);
        return deleteWhere(scope, (record) => ids.has(record.documentId));
      }),
    deleteChunksFrom: (scope) => inTurn(() => deleteTail(scope, scope.fromIndex)),
    searchDense: (search) => inTurn(() => searchDense(search)),
    searchLexical: (search) => inTurn(() => searchLexical(search)),
    async health() {
      return { status: 'ready' };
    },
  };

  function readDocument(scope: DocumentScope): StoredChunk[] {
    const records = [...(partitionOf(scope, false)?.records.values() ?? [])];
    return records
      .filter((record) => record.documentId === scope.documentId)
      .sort((left, right) => left.chunkIndex - right.chunkIndex)
      .map(toStoredChunk);
  }

  function searchDense(search: DenseSearch): ScoredRecord[] {
    const partition = partitionOf(search, false);
    if (!partition?.vectors) return [];
    checkDimensions(search.collection, search.vector.length);
    if (isZero(search.vector)) return [];
    const test = compileFilter(search.filter);
    const filter = (id: string) => test(partition.records.get(id)!);
    return partition.vectors
      .search(Float32Array.from(search.vector), search.top, filter)
      .map((hit) => toScoredRecord(partition.records.get(hit.id)!, hit.score));
  }

  function searchLexical(search: LexicalSearch): ScoredRecord[] {
    const partition = partitionOf(search, false);
    if (!partition) return [];
    const test = compileFilter(search.filter);
    const filter = (id: string) => test(partition.records.get(id)!);
    return partition.lexical
      .search(search.terms, { ...search.bm25, top: search.top, filter })
      .map((hit) => toScoredRecord(partition.records.get(hit.id)!, hit.score));
  }
}
