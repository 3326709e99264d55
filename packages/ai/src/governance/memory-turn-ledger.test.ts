import { runTurnLedgerConformance } from '../testing/turn-ledger-conformance.js';
import { createMemoryTurnLedger } from './memory-turn-ledger.js';

runTurnLedgerConformance('memory', { open: () => createMemoryTurnLedger() });
