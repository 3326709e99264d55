import { compileFilter } from './compile-filter.js';
import type { KnowledgeFilter, KnowledgeRecord } from './knowledge-store.js';

/**
 * Whether a record passes a filter: one of the listed documents, and every metadata value equal. To test
 * many records, compile the filter once with `compileFilter` instead.
 */
export function matchesFilter(record: KnowledgeRecord, filter: KnowledgeFilter | undefined): boolean {
  return compileFilter(filter)(record);
}
