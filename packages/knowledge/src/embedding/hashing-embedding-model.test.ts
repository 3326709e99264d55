import { embedMany } from 'ai';
import { describe, expect, it } from 'vitest';
import { createHashingEmbeddingModel } from './hashing-embedding-model.js';

const cosine = (left: number[], right: number[]) =>
  left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('createHashingEmbeddingModel', () => {
  it('embeds through the AI SDK into unit vectors of the configured length, the same every time', async () => {
    const model = createHashingEmbeddingModel({ dimensions: 64 });
    const { embeddings } = await embedMany({ model, values: ['refund policy', 'refund policy', ''] });
    expect(embeddings[0]).toHaveLength(64);
    expect(Math.hypot(...embeddings[0]!)).toBeCloseTo(1, 6);
    expect(embeddings[1]).toEqual(embeddings[0]);
    expect(embeddings[2]!.every((value) => value === 0)).toBe(true);
  });

  it('puts texts that share analyzed terms closer than texts that do not', async () => {
    const model = createHashingEmbeddingModel();
    const { embeddings } = await embedMany({
      model,
      values: [
        'How do I return shoes?',
        'Returning shoes is free',
        'Shipping takes two days',
        '如何退货',
        '退货免费',
      ],
    });
    const [question, answer, other, zhQuestion, zhAnswer] = embeddings as number[][];
    expect(cosine(question!, answer!)).toBeGreaterThan(cosine(question!, other!));
    expect(cosine(zhQuestion!, zhAnswer!)).toBeGreaterThan(cosine(zhQuestion!, other!));
  });

  it('embeds a short text without waiting for a turn of the event loop, and lets one in during a long batch', async () => {
    const model = createHashingEmbeddingModel();
    const texts = (count: number) => Array.from({ length: count }, (_, index) => `退货政策第${index}条`);
    await model.doEmbed({ values: texts(10) }); // the analyzer's tables are built on first use
    // An idle moment, as between two questions to a server.
    await new Promise((resolve) => setTimeout(resolve, 30));
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await model.doEmbed({ values: texts(1) });
    // A question embedded after an idle moment is answered at once, not after a turn of the loop.
    expect(turned).toBe(false);
    await model.doEmbed({ values: texts(20_000) });
    expect(turned).toBe(true);
  });

  it('rejects a dimension that is not a positive integer', () => {
    expect(() => createHashingEmbeddingModel({ dimensions: 0 })).toThrow(RangeError);
  });
});
