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
