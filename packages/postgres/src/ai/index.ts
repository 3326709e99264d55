/** The governance stores of `@opwire/ai` on PostgreSQL (server or PGlite), created over an open `createPostgres()`. */
export {
  createPostgresGovernanceStores,
  type PostgresGovernanceStores,
} from './create-postgres-governance-stores.js';
/** The tables they keep, for a host that runs its own migrations. */
export { governanceSchema } from './governance-schema.js';
/** Each store alone, over the SQL access of an open database. */
export { createPostgresAiAuditTrail } from './postgres-ai-audit-trail.js';
export { createPostgresApprovalStore } from './postgres-approval-store.js';
export { createPostgresChatStreamStore } from './postgres-chat-stream-store.js';
export { createPostgresConversationStore } from './postgres-conversation-store.js';
export { createPostgresTurnLedger } from './postgres-turn-ledger.js';
export { type SqlAccess, type Statement, sqlAccessOf } from './sql-access.js';
