import { afterAll, beforeAll, describe } from 'vitest';
import { auditLogCases } from './audit-log-cases.js';
import { pipelineCases } from './pipeline-cases.js';
import type { PortConformanceOptions, PortHarness, PortHarnessSetup } from './port-harness.js';
import { transactionManagerCases } from './transaction-manager-cases.js';

type CaseGroup = (harness: () => PortHarness, options: PortConformanceOptions) => void;

function describeWithHarness(
  name: string,
  setup: PortHarnessSetup,
  options: PortConformanceOptions,
  groups: Readonly<Record<string, CaseGroup>>,
): void {
  describe(name, () => {
    let current: PortHarness | undefined;
    const harness = (): PortHarness => {
      if (!current) throw new Error(`The conformance harness of "${name}" was not set up.`);
      return current;
    };
    beforeAll(async () => {
      current = await setup();
    });
    afterAll(async () => {
      await current?.close();
    });
    for (const [title, group] of Object.entries(groups)) describe(title, () => group(harness, options));
  });
}

/** Runs the `TransactionManager` conformance cases against one adapter. */
export function describeTransactionManagerConformance(
  name: string,
  setup: PortHarnessSetup,
  options: PortConformanceOptions = {},
): void {
  describeWithHarness(name, setup, options, { TransactionManager: transactionManagerCases });
}

/** Runs the `AuditLog` conformance cases against one adapter. */
export function describeAuditLogConformance(
  name: string,
  setup: PortHarnessSetup,
  options: PortConformanceOptions = {},
): void {
  describeWithHarness(name, setup, options, { AuditLog: auditLogCases });
}

/** Runs every port case (transactions, audit log, and both through `createOpwire`) on one harness. */
export function describePortConformance(
  name: string,
  setup: PortHarnessSetup,
  options: PortConformanceOptions = {},
): void {
  describeWithHarness(name, setup, options, {
    TransactionManager: transactionManagerCases,
    AuditLog: auditLogCases,
    'through createOpwire': pipelineCases,
  });
}
