/** Conformance suites every adapter of core's ports runs: `@opwire/core/testing`. */
export {
  describeAuditLogConformance,
  describePortConformance,
  describeTransactionManagerConformance,
} from './describe-port-conformance.js';
/** The conformance suite of the rate-limit and idempotency stores and their middleware. */
export { describeMiddlewareStoreConformance, type MiddlewareStoreHarness } from './middleware-store-cases.js';
/** What an adapter hands the suites, and the case ids it may skip with a reason. */
export type {
  PortConformanceCase,
  PortConformanceOptions,
  PortHarness,
  PortHarnessSetup,
} from './port-harness.js';
