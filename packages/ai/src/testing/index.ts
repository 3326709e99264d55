/** A small orders app with customer/support/admin callers, for tests of tools and chat. */

/** The conformance suite every `AiAuditTrail` adapter runs, and an event to append to it. */
export { auditEventFor, runAiAuditTrailConformance } from './ai-audit-trail-conformance.js';
/** The conformance suite every `ApprovalStore` adapter runs, and an approval to store in it. */
export { approvalFor, runApprovalStoreConformance } from './approval-store-conformance.js';
/** The conformance suite every `ChatStreamStore` adapter runs, and the stale time its store is made with. */
export {
  chatStreamStoreSuiteStaleMs,
  runChatStreamStoreConformance,
} from './chat-stream-store-conformance.js';
/** The conformance suite every `ConversationStore` adapter runs, and the messages of a turn with a tool call. */
export { runConversationStoreConformance, sampleMessages } from './conversation-store-conformance.js';
export { createOrdersFixture, type FixtureOrder, fixtureCallers } from './orders-fixture.js';
/** Scripted model answers in the AI SDK provider format, for `MockLanguageModelV4`. */
export { answer, callTools, usage } from './scripted-answers.js';
/** How a conformance suite opens and closes the adapter under test. */
export type { StoreSuiteOptions } from './store-suite.js';
/** The conformance suite every `TurnLedger` adapter runs, and a ledger row to record in it. */
export { runTurnLedgerConformance, turnRecordFor } from './turn-ledger-conformance.js';
