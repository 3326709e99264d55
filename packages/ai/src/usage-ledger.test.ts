import { runUsageLedgerConformance } from './testing/usage-ledger-conformance.js';
import { createMemoryUsageLedger } from './usage-ledger.js';

runUsageLedgerConformance('memory', () => createMemoryUsageLedger());
