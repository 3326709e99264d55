import type { KnowledgeRecord, ScoredRecord, StoredChunk } from '@opwire/knowledge';

/** A chunk as a read selects it. */
export interface StoredChunkRow {
  id: string;
  document_id: string;
  chunk_index: number;
  text: string;
  title: string | null;
  source: string | null;
  metadata: Record<string, string | number | boolean>;
}

/** A chunk as the searches select it, with its score. */
export interface ChunkRow extends StoredChunkRow {
  score: number;
}

/** Turns a selected row into the chunk a read returns. */
export const toStored = (row: StoredChunkRow): StoredChunk => ({
  id: row.id,
  documentId: row.document_id,
  chunkIndex: Number(row.chunk_index),
  text: row.text,
  ...(row.title === null ? {} : { title: row.title }),
  ...(row.source === null ? {} : { source: row.source }),
  metadata: row.metadata,
});

/** Turns a selected row into the record a search returns. */
export const toScored = (row: ChunkRow): ScoredRecord => ({ ...toStored(row), score: Number(row.score) });

/** The row a record is written as: vector literal, distinct terms, term frequencies and length. */
export const toChunkRow = (record: KnowledgeRecord) => {
  const frequencies: Record<string, number> = {};
  for (const term of record.terms) frequencies[term] = (frequencies[term] ?? 0) + 1;
  return {
    ...record,
    embedding: `[${record.embedding.join(',')}]`,
    dimensions: record.embedding.length,
    terms: Object.keys(frequencies).filter((term) => term !== ''),
    term_frequencies: frequencies,
    term_count: record.terms.length,
    document_id: record.documentId,
    chunk_index: record.chunkIndex,
    title: record.title ?? null,
    source: record.source ?? null,
  };
};
