import type { KnowledgeFilter, KnowledgeRecord } from './knowledge-store.js';

/** Whether a record passes a filter: one of the listed documents, and every metadata value equal. */
export function matchesFilter(record: KnowledgeRecord, filter: KnowledgeFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.documentIds && !filter.documentIds.includes(record.documentId)) return false;
  for (const [key, value] of Object.entries(filter.metadata ?? {})) {
    if (record.metadata[key] !== value) return false;
  }
  return true;
}
