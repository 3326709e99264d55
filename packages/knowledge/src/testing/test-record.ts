import type { KnowledgeRecord } from '../store/knowledge-store.js';

type RecordInput = Partial<KnowledgeRecord> & Pick<KnowledgeRecord, 'documentId'>;

/** Builds a record with sensible defaults, for conformance and fault tests. */
export function testRecord(input: RecordInput): KnowledgeRecord {
  const chunkIndex = input.chunkIndex ?? 0;
  return {
    id: `${input.documentId}#${chunkIndex}`,
    collection: 'docs',
    tenant: '',
    chunkIndex,
    text: input.text ?? `text of ${input.documentId}`,
    metadata: {},
    embedding: [1, 0, 0],
    terms: [],
    ...input,
  };
}
