import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type Answerer, createFallbackModel } from './fallback-model.js';
import { answer } from './testing/scripted-answers.js';

const call = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };

describe('createFallbackModel', () => {
  it('moves on when a provider does not answer before its timeout', async () => {
    const slow = new MockLanguageModelV4({
      modelId: 'slow',
      doGenerate: ({ abortSignal }) =>
        new Promise((_resolve, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        ),
    });
    const fast = new MockLanguageModelV4({ modelId: 'fast', doGenerate: [answer('hello')] });
    const answerer: Answerer = { provider: undefined, model: undefined, skipped: [] };
    const model = createFallbackModel(
      [
        { name: 'slow', model: slow, timeoutMs: 20 },
        { name: 'fast', model: fast },
      ],
      answerer,
    );
    const result = await model.doGenerate(call);
    expect(result.content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(answerer).toEqual({
      provider: 'fast',
      model: 'fast',
      skipped: [{ provider: 'slow', reason: 'timeout' }],
    });
  });

  it('does not move on when the caller aborts', async () => {
    const stop = new AbortController();
    const slow = new MockLanguageModelV4({
      doGenerate: ({ abortSignal }) =>
        new Promise((_resolve, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        ),
    });
    const never = new MockLanguageModelV4({ doGenerate: [answer('never')] });
    const answerer: Answerer = { provider: undefined, model: undefined, skipped: [] };
    const model = createFallbackModel(
      [
        { name: 'slow', model: slow, timeoutMs: 5_000 },
        { name: 'never', model: never },
      ],
      answerer,
    );
    setTimeout(() => stop.abort(), 10);
    await expect(model.doGenerate({ ...call, abortSignal: stop.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(never.doGenerateCalls).toHaveLength(0);
    expect(answerer).toEqual({ provider: undefined, model: undefined, skipped: [] });
  });
});
