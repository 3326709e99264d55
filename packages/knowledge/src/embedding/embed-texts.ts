import { coreErrors, type OpwireError } from '@opwire/core';
import { embedMany } from 'ai';
import { knowledgeErrors } from '../knowledge-errors.js';
import type { KnowledgeEmbeddingModel } from './embedding-model-v4.js';

/** How to embed a list of texts: batch size, parallel batches, retries per call. */
export interface EmbedTextsOptions {
  readonly model: KnowledgeEmbeddingModel;
  readonly values: readonly string[];
  /** Texts per `embedMany` call; defaults to 64. */
  readonly batchSize?: number;
  /** Batches in flight at once; defaults to 4. */
  readonly concurrency?: number;
  /** Retries of a failed call (the AI SDK's backoff); defaults to 2. */
  readonly maxRetries?: number;
  readonly signal?: AbortSignal;
  /** Called after each batch with the number of texts embedded (or failed) so far. */
  readonly onBatch?: (done: number, total: number) => void;
}

/**
 * Embeds texts in batches with bounded concurrency. Each position holds the vector, or the
 * `EMBEDDING_FAILED` error of the batch it was in, so callers can tell which inputs failed.
 */
export async function embedTexts(options: EmbedTextsOptions): Promise<Array<number[] | OpwireError>> {
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const results = new Array<number[] | OpwireError>(options.values.length);
  const starts: number[] = [];
  for (let start = 0; start < options.values.length; start += batchSize) starts.push(start);
  let done = 0;
  let next = 0;

  const runBatch = async (start: number): Promise<void> => {
    const values = options.values.slice(start, start + batchSize);
    try {
      const { embeddings } = await embedMany({
        model: options.model,
        values: [...values],
        maxRetries: options.maxRetries ?? 2,
        // Our worker pool is the concurrency bound, so a batch split by the model runs its calls in turn.
        maxParallelCalls: 1,
        ...(options.signal ? { abortSignal: options.signal } : {}),
      });
      embeddings.forEach((embedding, index) => {
        results[start + index] = embedding;
      });
    } catch (error) {
      if (options.signal?.aborted) throw coreErrors.CANCELLED({ cause: error });
      const reason = error instanceof Error ? error.message : String(error);
      const failure = knowledgeErrors.EMBEDDING_FAILED({ params: { reason }, cause: error });
      for (let index = 0; index < values.length; index++) results[start + index] = failure;
    }
    done += values.length;
    options.onBatch?.(done, options.values.length);
  };

  const worker = async (): Promise<void> => {
    while (next < starts.length) await runBatch(starts[next++]!);
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, starts.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
