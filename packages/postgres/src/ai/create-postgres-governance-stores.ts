import type { AiAuditTrail, ApprovalStore, ConversationStore, TurnLedger } from '@opwire/ai';
import type { Postgres } from '../create-postgres.js';
import { governanceSchema } from './governance-schema.js';
import { createPostgresAiAuditTrail } from './postgres-ai-audit-trail.js';
import { createPostgresApprovalStore } from './postgres-approval-store.js';
import { createPostgresConversationStore } from './postgres-conversation-store.js';
import { createPostgresTurnLedger } from './postgres-turn-ledger.js';
import { sqlAccessOf } from './sql-access.js';

/** The governance stores on one database: pass them (with `audit: db.audit`) to `createGovernance`. */
export interface PostgresGovernanceStores {
  readonly conversations: ConversationStore;
  readonly ledger: TurnLedger;
  readonly events: AiAuditTrail;
  readonly approvals: ApprovalStore;
}

/**
 * Creates the governance tables if missing (under the migration lock) and returns the stores over them, on the
 * same database as the app's own tables; several processes on one database share every row.
 */
export async function createPostgresGovernanceStores(db: Postgres): Promise<PostgresGovernanceStores> {
  await db.migrate(governanceSchema);
  const sql = sqlAccessOf(db);
  return {
    conversations: createPostgresConversationStore(sql),
    ledger: createPostgresTurnLedger(sql),
    events: createPostgresAiAuditTrail(sql),
    approvals: createPostgresApprovalStore(sql),
  };
}
