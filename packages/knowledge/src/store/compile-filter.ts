import type { KnowledgeFilter, KnowledgeRecord, MetadataValue } from './knowledge-store.js';

/** A compiled filter: whether one record (or a stored chunk: it reads the document id and metadata) passes. */
export type RecordFilter = (record: Pick<KnowledgeRecord, 'documentId' | 'metadata'>) => boolean;

const passAll: RecordFilter = () => true;

/**
 * Compiles a filter once per query into a test of one record: the document ids into a set, the metadata
 * into a list of pairs, so matching a record reads the filter no more (not once per stored chunk).
 */
export function compileFilter(filter: KnowledgeFilter | undefined): RecordFilter {
  if (!filter) return passAll;
  const documentIds = filter.documentIds ? new Set(filter.documentIds) : undefined;
  const pairs: ReadonlyArray<readonly [string, MetadataValue]> = Object.entries(filter.metadata ?? {});
  if (!documentIds && pairs.length === 0) return passAll;
  return (record) => {
    if (documentIds && !documentIds.has(record.documentId)) return false;
    const metadata = record.metadata;
    for (let index = 0; index < pairs.length; index++) {
      const [key, value] = pairs[index] as readonly [string, MetadataValue];
      if (!Object.hasOwn(metadata, key) || metadata[key] !== value) return false;
    }
    return true;
  };
}
