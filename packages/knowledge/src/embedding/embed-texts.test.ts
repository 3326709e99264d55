import { OpwireError } from '@opwire/core';
import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { embedTexts } from './embed-texts.js';

describe('embedTexts', () => {
  it('batches, keeps order, bounds concurrency and reports progress', async () => {
    let inFlight = 0;
    let peak = 0;
    const model = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 100,
      doEmbed: async ({ values }) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return { embeddings: values.map((value) => [Number(value)]), warnings: [] };
      },
    });
    const progress: number[] = [];
    const values = Array.from({ length: 10 }, (_, index) => String(index));
    const vectors = await embedTexts({
      model,
      values,
      batchSize: 3,
      concurrency: 2,
      onBatch: (done) => progress.push(done),
    });
    expect(vectors).toEqual(values.map((value) => [Number(value)]));
    expect(model.doEmbedCalls.map((call) => call.values.length)).toEqual([3, 3, 3, 1]);
    expect(peak).toBe(2);
    expect(progress.at(-1)).toBe(10);
  });

  it('marks only the failing batch with EMBEDDING_FAILED after retrying it', async () => {
    let calls = 0;
    const model = new MockEmbeddingModelV4({
      maxEmbeddingsPerCall: 100,
      doEmbed: async ({ values }) => {
        calls++;
        if (values.includes('bad')) throw new Error('model overloaded');
        return { embeddings: values.map(() => [1]), warnings: [] };
      },
    });
    const vectors = await embedTexts({ model, values: ['a', 'b', 'bad', 'c'], batchSize: 2, maxRetries: 0 });
    expect(vectors.slice(0, 2)).toEqual([[1], [1]]);
    expect(vectors[2]).toBeInstanceOf(OpwireError);
    expect(vectors[3]).toMatchObject({ code: 'EMBEDDING_FAILED' });
    expect(calls).toBe(2);
  });
});
