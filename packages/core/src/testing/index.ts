/** Conformance suites every adapter of core's ports runs: `@opwire/core/testing`. */
export {
  describeAuditLogConformance,
  describePortConformance,
  describeTransactionManagerConformance,
} from './describe-port-conformance.js';
/** What an adapter hands the suites, and the case ids it may skip with a reason. */
export type {
  PortConformanceCase,
  PortConformanceOptions,
  PortHarness,
  PortHarnessSetup,
} from './port-harness.js';
