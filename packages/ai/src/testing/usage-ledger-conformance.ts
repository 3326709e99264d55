import { describe, expect, it } from 'vitest';
import type { TurnUsage, UsageLedger } from '../usage-ledger.js';

const row = (turnId: string, overrides: Partial<TurnUsage> = {}): TurnUsage => ({
  turnId,
  conversationId: 'conv-1',
  principalId: 'user-1',
  tenant: 'acme',
  inputTokens: 30,
  outputTokens: 12,
  totalTokens: 42,
  provider: 'openai',
  model: 'gpt-4o-mini',
  toolsCalled: ['orders_list'],
  steps: 2,
  latencyMs: 120,
  outcome: 'completed',
  at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

/** Runs the `UsageLedger` contract against a fresh ledger from `create`. */
export function runUsageLedgerConformance(name: string, create: () => Promise<UsageLedger> | UsageLedger) {
  describe(`UsageLedger conformance: ${name}`, () => {
    it('keeps every recorded turn in order', async () => {
      const ledger = await create();
      await ledger.record(row('t1'));
      await ledger.record(row('t2', { outcome: 'stopped', reason: 'cancelled' }));
      expect(await ledger.list()).toEqual([
        row('t1'),
        row('t2', { outcome: 'stopped', reason: 'cancelled' }),
      ]);
    });

    it('filters by tenant and principal', async () => {
      const ledger = await create();
      await ledger.record(row('t1'));
      await ledger.record(row('t2', { tenant: 'globex' }));
      await ledger.record(row('t3', { principalId: 'user-2' }));
      expect((await ledger.list({ tenant: 'acme' })).map((each) => each.turnId)).toEqual(['t1', 't3']);
      expect((await ledger.list({ principalId: 'user-2' })).map((each) => each.turnId)).toEqual(['t3']);
    });
  });
}
