import type { KnowledgeRecord, ScoredRecord, StoredChunk } from './knowledge-store.js';

/** Drops a record's vector and terms (a copy when given a stored chunk). */
export function toStoredChunk(record: KnowledgeRecord | StoredChunk): StoredChunk {
  return {
    id: record.id,
    documentId: record.documentId,
    chunkIndex: record.chunkIndex,
    text: record.text,
    ...(record.title === undefined ? {} : { title: record.title }),
    ...(record.source === undefined ? {} : { source: record.source }),
    metadata: record.metadata,
  };
}

/** Drops a record's vector and terms and attaches its score. */
export function toScoredRecord(record: KnowledgeRecord | StoredChunk, score: number): ScoredRecord {
  return { ...toStoredChunk(record), score };
}
