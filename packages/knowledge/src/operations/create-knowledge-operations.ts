import { type AnyOperation, coreErrors, defineOperation } from '@opwire/core';
import Type from 'typebox';
import { isBlank } from '../chunking/is-blank.js';
import type { Knowledge } from '../create-knowledge.js';
import { knowledgeErrors } from '../knowledge-errors.js';
import { retrievalModes } from '../retrieve.js';
import { checkMetadata, knowledgeLimits, metadataKeyField } from '../store/knowledge-limits.js';

const MetadataValue = Type.Union([
  Type.String({ maxLength: knowledgeLimits.metadataValueLength }),
  Type.Number(),
  Type.Boolean(),
]);
// Bounded like the store bounds them (`knowledgeLimits`), so an oversized filter is refused at validation.
const Metadata = Type.Record(Type.String(), MetadataValue, {
  maxProperties: knowledgeLimits.metadataKeys,
  propertyNames: { maxLength: knowledgeLimits.metadataKeyLength },
});
const Chunk = Type.Object({
  documentId: Type.String(),
  chunkIndex: Type.Integer(),
  text: Type.String(),
  source: Type.String({ description: 'Title, else source, else document id.' }),
  score: Type.Number(),
  metadata: Metadata,
});
const IngestDocument = Type.Object({
  documentId: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  source: Type.Optional(Type.String({ maxLength: 1000 })),
  metadata: Type.Optional(Metadata),
});
/**
 * Refuses the whole batch before anything is written: a blank text (`isBlank`: zero-width spaces too; which the pipeline reads as "remove the
 * document"; `knowledge.remove` is for that), a document id given twice, a metadata key the app reserves, and
 * metadata the store's own check would refuse (named as the request has it, `documents[1].metadata.lang`, not
 * left to fail that one document on `metadata.lang` while the others are stored).
 */
function checkBatch(
  documents: ReadonlyArray<{
    readonly documentId: string;
    readonly text: string;
    readonly metadata?: Readonly<Record<string, string | number | boolean>> | undefined;
  }>,
  reserved: ReadonlySet<string>,
): void {
  const seen = new Set<string>();
  documents.forEach(({ documentId, text, metadata }, index) => {
    if (isBlank(text)) {
      throw knowledgeErrors.EMPTY_DOCUMENT({ field: `documents[${index}].text`, params: { documentId } });
    }
    for (const key in metadata) {
      if (reserved.has(key)) {
        throw knowledgeErrors.RESERVED_METADATA_KEY({
          field: metadataKeyField(`documents[${index}].metadata`, key),
          params: { key },
        });
      }
    }
    checkMetadata(metadata, `documents[${index}].metadata`);
    if (seen.has(documentId)) {
      throw knowledgeErrors.DUPLICATE_DOCUMENT_ID({
        field: `documents[${index}].documentId`,
        params: { documentId },
      });
    }
    seen.add(documentId);
  });
}

/** The body limit of `knowledge.ingest` over HTTP: one document at its bound of 1,000,000 characters, in any script. */
const ingestBodyLimit = 8 * 1024 * 1024;

const ErrorSummary = Type.Object({ code: Type.String(), message: Type.String() });

/** Settings for the knowledge operations. */
export interface KnowledgeOperationsOptions {
  readonly knowledge: Knowledge;
  /** The collection these operations serve; defaults to the knowledge default. */
  readonly collection?: string;
  /**
   * Metadata keys only the app sets, on what it ingests itself (such as a mark that a document is one of its own
   * files): `knowledge.ingest` refuses a document carrying one (`RESERVED_METADATA_KEY`) and stores nothing.
   */
  readonly reservedMetadataKeys?: readonly string[];
}

/**
 * Declares `knowledge.search` (http, ai, mcp; `knowledge:read`) and `knowledge.ingest` / `knowledge.remove`
 * (http; `knowledge:write`). The tenant always comes from the caller, so knowledge gets the pipeline,
 * permissions and audit of every operation.
 */
export function createKnowledgeOperations(options: KnowledgeOperationsOptions): AnyOperation[] {
  const { knowledge } = options;
  const collection = options.collection ?? knowledge.defaultCollection;
  const reserved = new Set(options.reservedMetadataKeys ?? []);
  const search = defineOperation({
    id: 'knowledge.search',
    summary: { en: 'Search the knowledge base', 'zh-CN': '搜索知识库' },
    description: {
      en: 'Finds the passages of the application documents that best answer a question.',
      'zh-CN': '查找最能回答问题的应用文档段落。',
    },
    request: Type.Object({
      query: Type.String({ minLength: 1, maxLength: 2000 }),
      top: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      minScore: Type.Optional(Type.Number()),
      mode: Type.Optional(Type.Union(retrievalModes.map((mode) => Type.Literal(mode)))),
      documentIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
      metadata: Type.Optional(Metadata),
    }),
    response: Type.Object({ results: Type.Array(Chunk) }),
    expose: ['http', 'ai', 'mcp'],
    permission: 'knowledge:read',
    // No transaction of the app's around it: the store is not in it, and a read transaction would hold a database
    // connection (PGlite's only one) while the question is embedded, a remote model's round trip.
    transaction: false,
    errors: [
      knowledgeErrors.NO_EMBEDDING_MODEL,
      knowledgeErrors.EMBEDDING_FAILED,
      knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH,
      knowledgeErrors.KNOWLEDGE_STORE_FAILED,
      coreErrors.CANCELLED,
    ],
    async handle(request, context) {
      // Checked here too so a refusal names the request's field (`metadata.lang`), not the filter's.
      checkMetadata(request.metadata, 'metadata');
      const results = await knowledge.retrieve({
        collection,
        text: request.query,
        tenant: context.tenant,
        signal: context.signal,
        ...(request.top === undefined ? {} : { top: request.top }),
        ...(request.minScore === undefined ? {} : { minScore: request.minScore }),
        ...(request.mode === undefined ? {} : { mode: request.mode }),
        filter: {
          ...(request.documentIds ? { documentIds: request.documentIds } : {}),
          ...(request.metadata ? { metadata: request.metadata } : {}),
        },
      });
      return {
        results: results.map((chunk) => ({
          documentId: chunk.documentId,
          chunkIndex: chunk.chunkIndex,
          text: chunk.text,
          source: chunk.title || chunk.source || chunk.documentId,
          score: chunk.score,
          metadata: { ...chunk.metadata },
        })),
      };
    },
  });
  const ingest = defineOperation({
    id: 'knowledge.ingest',
    summary: { en: 'Add or replace knowledge documents', 'zh-CN': '添加或替换知识库文档' },
    request: Type.Object({ documents: Type.Array(IngestDocument, { minItems: 1, maxItems: 100 }) }),
    response: Type.Object({
      results: Type.Array(
        Type.Object({
          documentId: Type.String(),
          chunks: Type.Integer(),
          error: Type.Optional(ErrorSummary),
        }),
      ),
    }),
    expose: ['http'],
    // A document of 1,000,000 characters is up to 3 MB of UTF-8 (Chinese), 6 MB written as \u escapes: more than
    // a server's default body limit (1 MiB) takes.
    http: { bodyLimit: ingestBodyLimit },
    permission: 'knowledge:write',
    writes: true,
    // No transaction of the app's around it either: the store replaces each document atomically on its own, so one
    // would only hold a database connection (PGlite's only one) idle for the whole chunking and embedding, seconds or
    // minutes, stalling every other call that needs it. The audit record is written when the ingest ends. Without
    // a transaction to commit a record with, `Idempotency-Key` is not replayed here: a repeated ingest of the same
    // documents stores the same chunks under the same ids.
    transaction: false,
    errors: [
      knowledgeErrors.NO_EMBEDDING_MODEL,
      knowledgeErrors.EMBEDDING_FAILED,
      knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH,
      knowledgeErrors.KNOWLEDGE_STORE_FAILED,
      knowledgeErrors.EMPTY_DOCUMENT,
      knowledgeErrors.DUPLICATE_DOCUMENT_ID,
      ...(reserved.size > 0 ? [knowledgeErrors.RESERVED_METADATA_KEY] : []),
      coreErrors.CANCELLED,
    ],
    async handle(request, context) {
      checkBatch(request.documents, reserved);
      const tenant = context.tenant;
      const documents = request.documents.map((document) => ({ ...document, collection, tenant }));
      const results = await knowledge.ingest(documents, { signal: context.signal });
      const failed = results.filter((result) => result.error);
      // When nothing was stored the call failed as a whole, so audit records a failure.
      if (failed.length === results.length && failed[0]?.error) throw failed[0].error;
      return {
        results: results.map(({ documentId, chunks, error }) => ({
          documentId,
          chunks,
          ...(error ? { error: { code: error.code, message: error.localize(context.locale) } } : {}),
        })),
      };
    },
  });
  const remove = defineOperation({
    id: 'knowledge.remove',
    summary: { en: 'Remove knowledge documents', 'zh-CN': '删除知识库文档' },
    request: Type.Object({
      documentIds: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }),
    }),
    response: Type.Object({ removedChunks: Type.Integer() }),
    expose: ['http'],
    permission: 'knowledge:write',
    writes: true,
    errors: [knowledgeErrors.KNOWLEDGE_STORE_FAILED],
    async handle(request, context) {
      const removedChunks = await knowledge.remove(collection, request.documentIds, {
        tenant: context.tenant,
      });
      return { removedChunks };
    },
  });
  return [search, ingest, remove];
}
