import {
  createConversationOperations,
  createGovernance,
  createGovernanceOperations,
  type Governance,
  type GovernanceOptions,
  type PriceTable,
} from '@opwire/ai';
import type { AnyOperation, Logger } from '@opwire/core';
import type { Postgres } from '@opwire/postgres';
import { createPostgresGovernanceStores } from '@opwire/postgres/ai';

/** What the demo charges per model (per million tokens), for the cost meter; any real deployment sets its own. */
export const shopPrices: PriceTable = {
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, currency: 'USD' },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, currency: 'USD' },
  'local-model': { inputPerMillion: 0.1, outputPerMillion: 0.2, currency: 'USD' },
};

/** The policies of the shop's governance a host may change (prices, budgets, masking, history window). */
export type ShopGovernanceOptions = Pick<
  GovernanceOptions,
  'prices' | 'budgets' | 'masking' | 'historyWindow'
>;

/**
 * The shop's AI governance on the orders database: conversations, the turn ledger, the AI audit trail and
 * approvals in PostgreSQL (shared by every shop process on it), retention reaching the audit records too, and
 * the operations over it: `governance.*` (`governance:read`, `governance:write`) and `conversations.*` (`chat:use`).
 */
export async function createShopGovernance(
  db: Postgres,
  options: ShopGovernanceOptions & { readonly logger?: Logger } = {},
): Promise<{ readonly governance: Governance; readonly operations: readonly AnyOperation[] }> {
  const governance = createGovernance({
    ...(await createPostgresGovernanceStores(db)),
    audit: db.audit,
    prices: shopPrices,
    ...options,
  });
  return {
    governance,
    operations: [
      ...createGovernanceOperations({ governance }),
      ...createConversationOperations({ governance }),
    ],
  };
}
