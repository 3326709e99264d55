import { createGovernance } from '@opwire/ai';
import { fixtureCallers } from '@opwire/ai/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Postgres } from '../create-postgres.js';
import { noteServerSkip, testTargets } from '../test-support.js';
import { createPostgresGovernanceStores } from './create-postgres-governance-stores.js';

// The ledger's token columns are bigint: a count a provider reported as a fraction or past that range must
// still leave the turn's row, or the turn counts against no budget.

const opened: Array<Postgres & { dispose(): Promise<void> }> = [];
afterAll(async () => {
  for (const db of opened) await db.dispose();
});

const prices = { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' } };

for (const target of testTargets) {
  describe(`a governed turn's usage on ${target.name}`, () => {
    // Opened in a hook: PGlite takes seconds to start.
    let db: Postgres;
    beforeAll(async () => {
      const database = await target.open();
      opened.push(database);
      db = database;
    });

    it('stores the row of a turn whose provider reported a fraction of a token, or past bigint', async () => {
      const logged: string[] = [];
      const governance = createGovernance({
        ...(await createPostgresGovernanceStores(db)),
        prices,
        logger: { error: (message) => logged.push(message), warn: (message) => logged.push(message) },
      });
      const rows = [];
      for (const usage of [
        { inputTokens: 10.5, outputTokens: 2.4 },
        { inputTokens: 1e19, outputTokens: -100_000_000 },
      ]) {
        const turn = governance.startTurn({ caller: fixtureCallers.support, requestedModel: 'gpt-4o-mini' });
        turn.addUsage(usage);
        rows.push(await turn.finish({ outcome: 'completed' }));
      }
      expect(logged).toEqual([]);
      for (const row of rows) expect(await governance.ledger.get(row.turnId)).toStrictEqual(row);
      expect(rows.map((row) => [row.inputTokens, row.outputTokens])).toEqual([
        [11, 2],
        [Number.MAX_SAFE_INTEGER, 0],
      ]);
      const totals = await governance.ledger.totals({ tenant: fixtureCallers.support.tenant });
      expect(totals.requests).toBe(2);
    });
  });
}
noteServerSkip();
