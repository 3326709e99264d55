import type { Caller } from '@opwire/core';
import { describe, expect, it } from 'vitest';
import { createGovernance } from './create-governance.js';

const alice: Caller = { principalId: 'alice', tenant: 'acme', permissions: [] };
const prices = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' } };

/** The ledger row of a turn of `gpt-4o-mini` whose steps reported these counts. */
async function rowOf(...steps: Array<{ inputTokens?: number; outputTokens?: number }>) {
  const logged: string[] = [];
  const governance = createGovernance({
    prices,
    logger: { error: (message) => logged.push(message), warn: (message) => logged.push(message) },
  });
  const turn = governance.startTurn({ caller: alice, requestedModel: 'gpt-4o-mini' });
  for (const usage of steps) turn.addUsage(usage);
  const row = await turn.finish({ outcome: 'completed' });
  return { row, stored: await governance.ledger.get(row.turnId), logged };
}

describe('a governed turn and the usage its provider reports', () => {
  it('rounds a fraction of a token to a whole one', async () => {
    const { row, stored } = await rowOf({ inputTokens: 10.5, outputTokens: 2.4 }, { inputTokens: 0.2 });
    expect([row.inputTokens, row.outputTokens]).toEqual([11, 2]);
    expect(stored).toStrictEqual(row);
  });

  it('counts a negative, NaN or absent count as none: a turn never costs less than nothing', async () => {
    const { row } = await rowOf(
      { inputTokens: -100_000_000, outputTokens: Number.NaN },
      { inputTokens: 1000, outputTokens: -5 },
      {},
    );
    expect([row.inputTokens, row.outputTokens]).toEqual([1000, 0]);
    expect(row.cost).toEqual({ amount: 0.00015, currency: 'USD' });
  });

  it('counts a count past the safe range (Infinity too) as Number.MAX_SAFE_INTEGER, and so its sums', async () => {
    const { row, stored, logged } = await rowOf(
      { inputTokens: 1e19, outputTokens: Number.POSITIVE_INFINITY },
      { inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: 7 },
    );
    expect([row.inputTokens, row.outputTokens]).toEqual([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
    expect(row.cost?.amount).toBeGreaterThan(0);
    expect(Number.isFinite(row.cost?.amount)).toBe(true);
    expect(stored).toStrictEqual(row);
    expect(logged).toEqual([]);
  });
});

describe('a governed turn whose steps were answered by different models', () => {
  const priced = {
    'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
    'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' },
    'qwen-max': { inputPerMillion: 2.4, outputPerMillion: 9.6, currency: 'CNY' },
  };
  const turnOf = (requestedModel: string) => {
    const logged: string[] = [];
    const governance = createGovernance({
      prices: priced,
      logger: { error: (message) => logged.push(message), warn: (message) => logged.push(message) },
    });
    return { turn: governance.startTurn({ caller: alice, requestedModel }), logged };
  };
  const step = (model: string, inputTokens: number, outputTokens: number) => ({
    model,
    inputTokens,
    outputTokens,
  });

  it('prices each step by the model that answered it, and names the last one', async () => {
    const { turn } = turnOf('gpt-4o-mini');
    turn.answeredBy({ provider: 'openai', model: 'gpt-4o' });
    turn.addUsage(step('gpt-4o', 1_000_000, 1_000_000));
    turn.answeredBy({ provider: 'openai', model: 'gpt-4o-mini' });
    turn.addUsage(step('gpt-4o-mini', 10, 10));
    const row = await turn.finish({ outcome: 'completed' });
    // 2.5 + 10 for the first step, (10 × 0.15 + 10 × 0.6) / 1e6 for the second.
    expect(row).toMatchObject({
      model: 'gpt-4o-mini',
      inputTokens: 1_000_010,
      outputTokens: 1_000_010,
      cost: { amount: 12.5000075, currency: 'USD' },
    });
  });

  it('adds nothing for a step of a model with no price, and has no cost when no step had one', async () => {
    const { turn } = turnOf('local-model');
    turn.addUsage(step('gpt-4o', 1_000_000, 0));
    turn.addUsage(step('local-model', 5_000_000, 5_000_000));
    expect((await turn.finish({ outcome: 'completed' })).cost).toEqual({ amount: 2.5, currency: 'USD' });
    const unpriced = turnOf('local-model').turn;
    unpriced.addUsage(step('local-model', 5_000_000, 5_000_000));
    expect((await unpriced.finish({ outcome: 'completed' })).cost).toBeUndefined();
  });

  it('prices tokens added without a model by the model that answered last', async () => {
    const { turn } = turnOf('gpt-4o-mini');
    turn.addUsage({ inputTokens: 1_000_000 });
    turn.answeredBy({ model: 'gpt-4o' });
    expect((await turn.finish({ outcome: 'completed' })).cost).toEqual({ amount: 2.5, currency: 'USD' });
  });

  it('keeps the cost in the currency of the last priced step, and logs what it leaves out', async () => {
    const { turn, logged } = turnOf('gpt-4o-mini');
    turn.addUsage(step('qwen-max', 1_000_000, 0));
    turn.addUsage(step('gpt-4o', 1_000_000, 0));
    turn.addUsage(step('local-model', 1_000_000, 0));
    const row = await turn.finish({ outcome: 'completed' });
    // The last step's model has no price of its own: it is priced as the model asked for, gpt-4o-mini.
    expect(row.cost).toEqual({ amount: 2.65, currency: 'USD' });
    expect(logged).toEqual(['turn cost in several currencies: only one recorded']);
  });
});
