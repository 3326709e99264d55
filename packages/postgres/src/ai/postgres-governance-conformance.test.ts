import {
  runAiAuditTrailConformance,
  runApprovalStoreConformance,
  runConversationStoreConformance,
  runTurnLedgerConformance,
} from '@opwire/ai/testing';
import { afterAll } from 'vitest';
import type { Postgres } from '../create-postgres.js';
import { noteServerSkip, testTargets } from '../test-support.js';
import {
  createPostgresGovernanceStores,
  type PostgresGovernanceStores,
} from './create-postgres-governance-stores.js';

// One database per target for the four suites (each case works in tenants of its own), closed after all of them.
const opened: Array<Postgres & { dispose(): Promise<void> }> = [];
afterAll(async () => {
  for (const db of opened) await db.dispose();
});

for (const target of testTargets) {
  let stores: Promise<PostgresGovernanceStores> | undefined;
  const storesOf = () => {
    stores ??= target.open().then((db) => {
      opened.push(db);
      return createPostgresGovernanceStores(db);
    });
    return stores;
  };
  runConversationStoreConformance(target.name, { open: async () => (await storesOf()).conversations });
  runTurnLedgerConformance(target.name, { open: async () => (await storesOf()).ledger });
  runAiAuditTrailConformance(target.name, { open: async () => (await storesOf()).events });
  runApprovalStoreConformance(target.name, { open: async () => (await storesOf()).approvals });
}
noteServerSkip();
