import { describePortConformance } from '../testing/index.js';
import { createMemoryAuditLog } from './memory-audit-log.js';
import { createMemoryTransactionManager } from './memory-transaction-manager.js';

describePortConformance('in-memory adapters', async () => {
  const keys: string[] = [];
  return {
    transactions: createMemoryTransactionManager(),
    audit: createMemoryAuditLog(),
    // Like an in-memory repository: the change is published when the transaction commits.
    async write(transaction, key) {
      transaction.onCommit(() => keys.push(key));
    },
    async committedKeys() {
      return [...keys];
    },
    async close() {},
  };
});

describePortConformance('in-memory adapters with undo-style writes', async () => {
  const keys = new Set<string>();
  return {
    transactions: createMemoryTransactionManager(),
    audit: createMemoryAuditLog(),
    // Like a repository that changes state at once and registers the undo.
    async write(transaction, key) {
      keys.add(key);
      transaction.onRollback(() => keys.delete(key));
    },
    async committedKeys() {
      return [...keys];
    },
    async close() {},
  };
});
