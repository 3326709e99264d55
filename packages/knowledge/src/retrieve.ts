import { coreErrors, OpwireError } from '@opwire/core';
import { checkInputText } from './check-input-text.js';
import { embedTexts } from './embedding/embed-texts.js';
import type { KnowledgeEmbeddingModel } from './embedding/embedding-model-v4.js';
import { fuseRanks } from './fuse-ranks.js';
import { knowledgeErrors } from './knowledge-errors.js';
import type { KnowledgeSettings } from './knowledge-settings.js';
import { checkFilter } from './store/knowledge-limits.js';
import type { KnowledgeFilter, QueryTerm, ScoredRecord } from './store/knowledge-store.js';
import { toStoreError } from './store/to-store-error.js';

/** How to search: vectors, BM25, or both fused by reciprocal rank. */
export type RetrievalMode = 'dense' | 'lexical' | 'hybrid';

/** Every retrieval mode, in the order surfaces list them. */
export const retrievalModes: readonly RetrievalMode[] = ['dense', 'lexical', 'hybrid'];

/** A retrieval request. */
export interface RetrieveRequest {
  readonly text: string;
  readonly collection?: string;
  /** Chunks to return; defaults to the knowledge's `defaultTop` (5 unless configured). */
  readonly top?: number;
  /** Drops chunks scoring below this (cosine for dense, BM25 for lexical, fused RRF for hybrid). */
  readonly minScore?: number;
  /** Defaults to `hybrid`. */
  readonly mode?: RetrievalMode;
  readonly filter?: KnowledgeFilter;
  /** The caller's tenant; always applied, `''` or absent means records of no tenant. */
  readonly tenant?: string;
  readonly embeddingModel?: KnowledgeEmbeddingModel;
  readonly signal?: AbortSignal;
}

const rethrowStoreError = (error: unknown): never => {
  throw toStoreError(error);
};

/** Counts each analyzed query term once, weighted by how often it occurs. */
export function toQueryTerms(terms: readonly string[]): QueryTerm[] {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts].map(([term, weight]) => ({ term, weight }));
}

async function embedQuery(settings: KnowledgeSettings, request: RetrieveRequest, collection: string) {
  const model = settings.resolveModel(collection, request.embeddingModel);
  const [vector] = await embedTexts({
    model,
    values: [request.text],
    ...settings.embedding,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (vector instanceof OpwireError) throw vector;
  const expected = settings.dimensionsOf(collection);
  if (!vector || (expected !== undefined && vector.length !== expected)) {
    throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
      params: { collection, expected: expected ?? 'a non-empty vector', actual: vector?.length ?? 0 },
    });
  }
  return vector;
}

/** Finds the chunks that best answer a text, within the caller's tenant and the filter. */
export async function retrieve(
  settings: KnowledgeSettings,
  request: RetrieveRequest,
): Promise<ScoredRecord[]> {
  // As over HTTP: a question that is not a string, or text no store can search for as sent, is refused by name.
  checkInputText(request.text, 'text');
  checkInputText(request.tenant, 'tenant', { optional: true });
  checkInputText(request.collection, 'collection', { optional: true });
  const collection = request.collection ?? settings.defaultCollection;
  const top = request.top ?? settings.defaultTop;
  const mode = request.mode ?? 'hybrid';
  if (!Number.isInteger(top) || top < 1)
    throw coreErrors.OUT_OF_RANGE({
      field: 'top',
      params: { expected: { en: 'an integer ≥ 1', 'zh-CN': '≥ 1 的整数' } },
    });
  // The types forbid these, but a caller handing on untyped input (a CLI, a queue) gets told, rather than a
  // `NaN` that drops every chunk or an unknown mode searched as `hybrid`.
  if (!retrievalModes.includes(mode))
    throw coreErrors.INVALID_ENUM({
      field: 'mode',
      params: { expected: retrievalModes.map((known) => `"${known}"`).join(' | ') },
    });
  if (request.minScore !== undefined && !Number.isFinite(request.minScore))
    throw coreErrors.OUT_OF_RANGE({
      field: 'minScore',
      params: { expected: { en: 'a finite number', 'zh-CN': '有限的数字' } },
    });
  checkFilter(request.filter);
  const scope = {
    collection,
    tenant: request.tenant ?? '',
    ...(request.filter ? { filter: request.filter } : {}),
  };
  // Fusion looks deeper than `top` so a chunk ranked well by one side still gets in.
  const depth = mode === 'hybrid' ? Math.max(top * 4, 50) : top;
  // A zero vector (a question of stop words only) has no direction, so nothing is near it: it is not sent.
  const vectorOf = async () => {
    const vector = await embedQuery(settings, request, collection);
    return vector.every((value) => value === 0) ? undefined : vector;
  };
  const terms = mode === 'dense' ? [] : toQueryTerms(settings.analyzer.analyze(request.text));
  const dense = (vector: number[] | undefined) =>
    vector ? settings.store.searchDense({ ...scope, vector, top: depth }).catch(rethrowStoreError) : [];
  const lexical = () =>
    terms.length === 0
      ? []
      : settings.store
          .searchLexical({ ...scope, terms, top: depth, bm25: settings.bm25 })
          .catch(rethrowStoreError);
  let results: ScoredRecord[];
  if (mode === 'dense') results = await dense(await vectorOf());
  else if (mode === 'lexical') results = await lexical();
  else {
    const vector = await vectorOf();
    const store = settings.store;
    results =
      vector && terms.length > 0 && store.searchHybrid
        ? await store
            .searchHybrid({ ...scope, vector, terms, top, depth, bm25: settings.bm25 })
            .catch(rethrowStoreError)
        : fuseRanks(await Promise.all([dense(vector), lexical()]));
  }
  const minScore = request.minScore;
  return (minScore === undefined ? results : results.filter((record) => record.score >= minScore)).slice(
    0,
    top,
  );
}
