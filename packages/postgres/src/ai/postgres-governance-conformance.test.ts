import {
  chatStreamStoreSuiteStaleMs,
  runAiAuditTrailConformance,
  runApprovalStoreConformance,
  runChatStreamStoreConformance,
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
import { createPostgresChatStreamStore } from './postgres-chat-stream-store.js';
import { sqlAccessOf } from './sql-access.js';

// One database per target for the five suites (each case works in tenants of its own), closed after all of them.
const opened: Array<Postgres & { dispose(): Promise<void> }> = [];
afterAll(async () => {
  for (const db of opened) await db.dispose();
});

for (const target of testTargets) {
  let database: Promise<Postgres> | undefined;
  let stores: Promise<PostgresGovernanceStores> | undefined;
  const databaseOf = () => {
    database ??= target.open().then((db) => {
      opened.push(db);
      return db;
    });
    return database;
  };
  const storesOf = () => {
    stores ??= databaseOf().then(createPostgresGovernanceStores);
    return stores;
  };
  runConversationStoreConformance(target.name, { open: async () => (await storesOf()).conversations });
  runTurnLedgerConformance(target.name, { open: async () => (await storesOf()).ledger });
  runAiAuditTrailConformance(target.name, { open: async () => (await storesOf()).events });
  runApprovalStoreConformance(target.name, { open: async () => (await storesOf()).approvals });
  runChatStreamStoreConformance(target.name, {
    // Its tables are made with the governance tables.
    open: async () => {
      await storesOf();
      return createPostgresChatStreamStore(sqlAccessOf(await databaseOf()), {
        staleMs: chatStreamStoreSuiteStaleMs,
      });
    },
  });
}
noteServerSkip();
