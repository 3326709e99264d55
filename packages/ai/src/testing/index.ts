/** A small orders app with customer/support/admin callers, for tests of tools and chat. */

/** The conformance suite every `ApprovalStore` adapter runs. */
export { runApprovalStoreConformance } from './approval-store-conformance.js';
export { createOrdersFixture, type FixtureOrder, fixtureCallers } from './orders-fixture.js';
/** Scripted model answers in the AI SDK provider format, for `MockLanguageModelV4`. */
export { answer, callTools, usage } from './scripted-answers.js';
/** The conformance suite every `UsageLedger` adapter runs. */
export { runUsageLedgerConformance } from './usage-ledger-conformance.js';
