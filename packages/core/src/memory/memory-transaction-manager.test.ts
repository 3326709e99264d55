import { describe, expect, it } from 'vitest';
import { createMemoryTransactionManager } from './memory-transaction-manager.js';

describe('in-memory transactions: work that completes synchronously', () => {
  it('commits at once and returns the value itself, not a promise', () => {
    const transactions = createMemoryTransactionManager();
    const events: string[] = [];
    const result = transactions.run(
      (transaction) => {
        transaction.onCommit(() => events.push('committed'));
        transaction.onRollback(() => events.push('rolled back'));
        return 42;
      },
      { readOnly: false },
    );
    expect(result).toBe(42);
    expect(events).toEqual(['committed']);
  });

  it('rolls back and rejects when the work throws', async () => {
    const transactions = createMemoryTransactionManager();
    const events: string[] = [];
    const result = transactions.run(
      (transaction) => {
        transaction.onCommit(() => events.push('committed'));
        transaction.onRollback(() => events.push('rolled back'));
        throw new Error('broken');
      },
      { readOnly: false },
    );
    await expect(result).rejects.toThrow('broken');
    expect(events).toEqual(['rolled back']);
  });

  it('rolls back and rejects when the call was aborted while the work ran', async () => {
    const transactions = createMemoryTransactionManager();
    const controller = new AbortController();
    const events: string[] = [];
    const result = transactions.run(
      (transaction) => {
        transaction.onCommit(() => events.push('committed'));
        transaction.onRollback(() => events.push('rolled back'));
        controller.abort(new Error('gone'));
        return 1;
      },
      { readOnly: false, signal: controller.signal },
    );
    await expect(result).rejects.toThrow('gone');
    expect(events).toEqual(['rolled back']);
  });
});
