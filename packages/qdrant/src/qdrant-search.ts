import type {
  Bm25Parameters,
  DenseSearch,
  DocumentScope,
  HybridSearch,
  KnowledgeFilter,
  LexicalSearch,
  MetadataValue,
  ScoredRecord,
  StoredChunk,
} from '@opwire/knowledge';
import { compareRecordIds } from '@opwire/knowledge';
import { checkVectorLength, type QdrantContext } from './qdrant-context.js';
import { qdrantErrors } from './qdrant-errors.js';
import { queryVector } from './sparse-terms.js';
import { documentFilter, tenantFilter, toQdrantFilter } from './to-qdrant-filter.js';

interface ChunkPayload {
  readonly documentId: string;
  readonly chunkIndex: number;
  readonly text: string;
  readonly title?: string;
  readonly source?: string;
  readonly metadata: Readonly<Record<string, MetadataValue>>;
}

const returned = ['documentId', 'chunkIndex', 'text', 'title', 'source', 'metadata'];

// `fuseRanks` gives rank r (from 1) 1 / (60 + r); Qdrant gives position p (from 0) 1 / (p + k), so k = 61.
const rrfK = 61;

const toScored = (point: { payload?: unknown; score: number }): ScoredRecord => {
  const payload = point.payload as ChunkPayload;
  return {
    id: `${payload.documentId}#${payload.chunkIndex}`,
    documentId: payload.documentId,
    chunkIndex: payload.chunkIndex,
    text: payload.text,
    ...(payload.title == null ? {} : { title: payload.title }),
    ...(payload.source == null ? {} : { source: payload.source }),
    metadata: payload.metadata ?? {},
    score: point.score,
  };
};

const nothingMatches = (filter: KnowledgeFilter | undefined) => filter?.documentIds?.length === 0;
const isZero = (vector: readonly number[]) => vector.every((value) => value === 0);

/** The searches of the Qdrant store; tenancy and filters are Qdrant filters, never applied afterwards. */
export function createQdrantSearch(context: QdrantContext) {
  const { client, options } = context;
  const checkBm25 = (bm25: Bm25Parameters) => {
    const { k1, b } = options.lexical;
    if (bm25.k1 !== k1 || bm25.b !== b) {
      throw qdrantErrors.QDRANT_BM25_MISMATCH({
        params: { k1: bm25.k1, b: bm25.b, storeK1: k1, storeB: b },
      });
    }
  };
  // IDF counts the tenant's live chunks only, as the exact stores count the tenant's scope (Qdrant 1.19 corpus).
  const lexicalParams = (tenant: string) => ({ idf: { corpus: tenantFilter(tenant) } }) as never;
  // Qdrant breaks ties by point id (random per version); the hits it returns are re-sorted by record id, so
  // equal scores come back in the order every store uses. Which tied chunks survive `limit` stays Qdrant's choice.
  const query = async (collection: string, body: Record<string, unknown>) =>
    (
      await client.query(context.collection(collection).qdrantName, { ...body, with_payload: returned })
    ).points
      .map(toScored)
      .sort((left, right) => right.score - left.score || compareRecordIds(left.id, right.id));

  return {
    /**
     * The document's live chunks, by chunk index. While a replace switches versions both may be live for a moment
     * (as a search sees them): of one chunk index, the newest version is read.
     */
    async readDocument(scope: DocumentScope): Promise<StoredChunk[]> {
      const settings = context.collection(scope.collection);
      const filter = {
        must: [
          ...documentFilter(scope.tenant, [scope.documentId]).must,
          { key: 'live', match: { value: true } },
        ],
      };
      const newest = new Map<number, { chunk: StoredChunk; revision: number; version: string }>();
      let offset: string | number | undefined;
      do {
        const page = await client.scroll(settings.qdrantName, {
          filter,
          limit: 1000,
          with_payload: [...returned, 'revision', 'version'],
          ...(offset === undefined ? {} : { offset }),
        });
        for (const point of page.points) {
          const { score: _, ...chunk } = toScored({ payload: point.payload, score: 0 });
          const { revision, version } = point.payload as { revision: number; version: string };
          const seen = newest.get(chunk.chunkIndex);
          if (!seen || seen.revision < revision || (seen.revision === revision && seen.version < version))
            newest.set(chunk.chunkIndex, { chunk, revision, version });
        }
        offset = (page.next_page_offset ?? undefined) as string | number | undefined;
      } while (offset !== undefined);
      return [...newest.values()]
        .map(({ chunk }) => chunk)
        .sort((left, right) => left.chunkIndex - right.chunkIndex);
    },
    async searchDense(search: DenseSearch): Promise<ScoredRecord[]> {
      checkVectorLength(search.collection, context.collection(search.collection), search.vector);
      if (isZero(search.vector) || nothingMatches(search.filter)) return [];
      return query(search.collection, {
        query: [...search.vector],
        using: 'dense',
        filter: toQdrantFilter(search.tenant, search.filter),
        limit: search.top,
      });
    },
    async searchLexical(search: LexicalSearch): Promise<ScoredRecord[]> {
      context.collection(search.collection);
      checkBm25(search.bm25);
      if (search.terms.length === 0 || nothingMatches(search.filter)) return [];
      return query(search.collection, {
        query: queryVector(search.terms),
        using: 'terms',
        filter: toQdrantFilter(search.tenant, search.filter),
        params: lexicalParams(search.tenant),
        limit: search.top,
      });
    },
    /** Qdrant's own fusion: both searches as prefetches, fused by reciprocal rank in one request. */
    async searchHybrid(search: HybridSearch): Promise<ScoredRecord[]> {
      checkVectorLength(search.collection, context.collection(search.collection), search.vector);
      checkBm25(search.bm25);
      if (nothingMatches(search.filter)) return [];
      const filter = toQdrantFilter(search.tenant, search.filter);
      const prefetch = [
        ...(isZero(search.vector)
          ? []
          : [{ query: [...search.vector], using: 'dense', filter, limit: search.depth }]),
        ...(search.terms.length === 0
          ? []
          : [
              {
                query: queryVector(search.terms),
                using: 'terms',
                filter,
                params: lexicalParams(search.tenant),
                limit: search.depth,
              },
            ]),
      ];
      if (prefetch.length === 0) return [];
      return query(search.collection, { prefetch, query: { rrf: { k: rrfK } }, limit: search.top });
    },
  };
}
