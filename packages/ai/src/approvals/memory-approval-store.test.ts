import { runApprovalStoreConformance } from '../testing/approval-store-conformance.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';

runApprovalStoreConformance('memory', { open: () => createMemoryApprovalStore() });
