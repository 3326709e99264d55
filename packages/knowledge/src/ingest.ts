import { OpwireError, toOpwireError } from '@opwire/core';
import { checkInputText } from './check-input-text.js';
import { finishStepsPausing } from './chunking/steps.js';
import { embedTexts } from './embedding/embed-texts.js';
import type { KnowledgeEmbeddingModel } from './embedding/embedding-model-v4.js';
import { createEventLoopPause } from './event-loop-pause.js';
import { knowledgeErrors } from './knowledge-errors.js';
import { indexedText, type KnowledgeSettings } from './knowledge-settings.js';
import { checkMetadata } from './store/knowledge-limits.js';
import type { KnowledgeRecord, MetadataValue } from './store/knowledge-store.js';
import { toStoreError } from './store/to-store-error.js';

/** One document to ingest. */
export interface IngestDocument {
  readonly documentId: string;
  readonly text: string;
  readonly collection?: string;
  readonly title?: string;
  readonly source?: string;
  readonly metadata?: Readonly<Record<string, MetadataValue>>;
  /** The owning tenant; defaults to `''` (no tenant). */
  readonly tenant?: string;
}

/** The outcome for one document: chunks of the new version now stored (0 when it failed), and the error. */
export interface IngestResult {
  readonly documentId: string;
  readonly chunks: number;
  readonly error?: OpwireError;
}

/** Progress of a long ingest: which phase, and how many items of it are done. */
export interface IngestProgress {
  readonly phase: 'embedding' | 'writing';
  readonly done: number;
  readonly total: number;
}

/** Per-call options of `ingest`. */
export interface IngestOptions {
  readonly embeddingModel?: KnowledgeEmbeddingModel;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: IngestProgress) => void;
}

/**
 * Refuses a document the HTTP operation would refuse at validation, naming the field: a document id that is not a
 * non-empty string, a text that is not a string, a title, source, tenant or collection that is given but not a
 * string, any of them or the metadata holding a NUL or a lone surrogate, and metadata `checkMetadata` refuses.
 */
function checkDocument(document: IngestDocument): void {
  checkInputText(document.documentId, 'documentId', { nonEmpty: true });
  checkInputText(document.text, 'text');
  for (const field of ['title', 'source', 'tenant', 'collection'] as const) {
    checkInputText(document[field], field, { optional: true });
  }
  checkMetadata(document.metadata, 'metadata');
}

interface Planned {
  readonly document: IngestDocument;
  readonly collection: string;
  readonly tenant: string;
  readonly chunks: string[];
  readonly offset: number;
  readonly model: KnowledgeEmbeddingModel | undefined;
}

const checkDimensions = (settings: KnowledgeSettings, plan: Planned, vectors: number[][]): void => {
  const expected = settings.dimensionsOf(plan.collection) ?? vectors[0]?.length;
  const wrong = vectors.find(
    (vector) => vector.length !== expected || vector.some((value) => !Number.isFinite(value)),
  );
  if (wrong) {
    throw knowledgeErrors.EMBEDDING_DIMENSION_MISMATCH({
      params: { collection: plan.collection, expected: expected ?? wrong.length, actual: wrong.length },
    });
  }
};

async function write(
  settings: KnowledgeSettings,
  plan: Planned,
  vectors: number[][],
  pause: () => Promise<void> | undefined,
): Promise<IngestResult> {
  const { document, collection, tenant } = plan;
  const records: KnowledgeRecord[] = [];
  for (const [chunkIndex, text] of plan.chunks.entries()) {
    records.push({
      id: `${document.documentId}#${chunkIndex}`,
      collection,
      tenant,
      documentId: document.documentId,
      chunkIndex,
      text,
      ...(document.title === undefined ? {} : { title: document.title }),
      ...(document.source === undefined ? {} : { source: document.source }),
      metadata: document.metadata ?? {},
      embedding: vectors[chunkIndex]!,
      terms: settings.analyzer.analyze(indexedText(document.title, text)),
    });
    await pause();
  }
  try {
    checkDimensions(settings, plan, vectors);
    await settings.store.replaceDocument({ collection, tenant, documentId: document.documentId }, records);
  } catch (error) {
    return { documentId: document.documentId, chunks: 0, error: toStoreError(error) };
  }
  return { documentId: document.documentId, chunks: records.length };
}

/**
 * Chunks, embeds and stores documents. A document the HTTP operation would refuse at validation (`checkDocument`)
 * fails with that code on its field and changes nothing. A document whose text yields no chunks (blank) removes its stored version
 * (the CLI relies on it for an emptied file); a document id repeated in one call (same collection and tenant)
 * fails its later occurrences with `DUPLICATE_DOCUMENT_ID`. Each document's chunks replace its previous version in one store step
 * (`replaceDocument`), so a failed embedding or write leaves the previous version retrievable, and two ingests
 * of one document at once leave one whole version, never a mix.
 */
export async function ingest(
  settings: KnowledgeSettings,
  documents: readonly IngestDocument[],
  options: IngestOptions = {},
): Promise<IngestResult[]> {
  const plans: Planned[] = [];
  const texts: string[] = [];
  const results = new Map<number, IngestResult>();
  const seen = new Set<string>();
  // The event loop gets a turn while this ingest works in process: between documents, while one is chunked, and
  // between chunks as they are analyzed for the store.
  const pause = createEventLoopPause();
  for (const [index, document] of documents.entries()) {
    await pause();
    try {
      checkDocument(document);
    } catch (error) {
      results.set(index, { documentId: document.documentId, chunks: 0, error: toOpwireError(error) });
      continue;
    }
    const collection = document.collection ?? settings.defaultCollection;
    // One document twice in a batch: the later one is refused, not silently written over the first.
    const key = JSON.stringify([collection, document.tenant ?? '', document.documentId]);
    if (seen.has(key)) {
      const error = knowledgeErrors.DUPLICATE_DOCUMENT_ID({
        field: 'documentId',
        params: { documentId: document.documentId },
      });
      results.set(index, { documentId: document.documentId, chunks: 0, error });
      continue;
    }
    seen.add(key);
    const chunks = await finishStepsPausing(settings.chunk(collection, document.text), pause);
    let model: KnowledgeEmbeddingModel | undefined;
    try {
      if (chunks.length > 0) model = settings.resolveModel(collection, options.embeddingModel);
    } catch (error) {
      results.set(index, { documentId: document.documentId, chunks: 0, error: toOpwireError(error) });
      continue;
    }
    plans[index] = {
      document,
      collection,
      tenant: document.tenant ?? '',
      chunks,
      offset: texts.length,
      model,
    };
    // One at a time: spreading 130,000 or more chunks into `push` overflows the stack.
    for (const chunk of chunks) texts.push(indexedText(document.title, chunk));
  }
  const vectors = await embedByModel(settings, plans, texts, options);
  let written = 0;
  for (const [index, plan] of plans.entries()) {
    if (!plan) continue;
    const { document, collection, tenant } = plan;
    if (plan.chunks.length === 0) {
      try {
        await settings.store.deleteDocuments({ collection, tenant, documentIds: [document.documentId] });
        results.set(index, { documentId: document.documentId, chunks: 0 });
      } catch (error) {
        results.set(index, { documentId: document.documentId, chunks: 0, error: toStoreError(error) });
      }
    } else {
      const own = vectors.slice(plan.offset, plan.offset + plan.chunks.length);
      const failure = own.find((vector) => vector instanceof OpwireError);
      results.set(
        index,
        failure instanceof OpwireError
          ? { documentId: document.documentId, chunks: 0, error: failure }
          : await write(settings, plan, own as number[][], pause),
      );
    }
    options.onProgress?.({ phase: 'writing', done: ++written, total: documents.length });
  }
  return documents.map((_, index) => results.get(index)!);
}

async function embedByModel(
  settings: KnowledgeSettings,
  plans: readonly (Planned | undefined)[],
  texts: readonly string[],
  options: IngestOptions,
): Promise<Array<number[] | OpwireError>> {
  const vectors = new Array<number[] | OpwireError>(texts.length);
  const models = new Set(plans.map((plan) => plan?.model).filter((model) => model !== undefined));
  let done = 0;
  for (const model of models) {
    const positions = plans.flatMap((plan) =>
      plan?.model === model ? plan.chunks.map((_, index) => plan.offset + index) : [],
    );
    const embedded = await embedTexts({
      model,
      values: positions.map((position) => texts[position]!),
      ...settings.embedding,
      ...(options.signal ? { signal: options.signal } : {}),
      onBatch: (count) =>
        options.onProgress?.({ phase: 'embedding', done: done + count, total: texts.length }),
    });
    positions.forEach((position, index) => {
      vectors[position] = embedded[index]!;
    });
    done += positions.length;
  }
  return vectors;
}
