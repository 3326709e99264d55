import { describe, expect, it } from 'vitest';
import type { Transaction } from '../ports/transaction-manager.js';
import { createMemoryTransactionManager } from './memory-transaction-manager.js';

/** Work that records whether its transaction committed or rolled back, then does `body`. */
function recording<T>(body: () => T) {
  const events: string[] = [];
  const work = (transaction: Transaction) => {
    transaction.onCommit(() => events.push('committed'));
    transaction.onRollback(() => events.push('rolled back'));
    return body();
  };
  return { events, work };
}

describe('in-memory transactions: work that completes synchronously', () => {
  it('commits at once and returns the value itself, not a promise', () => {
    const { events, work } = recording(() => 42);
    expect(createMemoryTransactionManager().run(work, { readOnly: false })).toBe(42);
    expect(events).toEqual(['committed']);
  });

  it('rolls back and rejects when the work throws', async () => {
    const { events, work } = recording(() => {
      throw new Error('broken');
    });
    await expect(createMemoryTransactionManager().run(work, { readOnly: false })).rejects.toThrow('broken');
    expect(events).toEqual(['rolled back']);
  });

  it('rolls back and rejects when the call was aborted while the work ran', async () => {
    const controller = new AbortController();
    const { events, work } = recording(() => {
      controller.abort(new Error('gone'));
      return 1;
    });
    const result = createMemoryTransactionManager().run(work, { readOnly: false, signal: controller.signal });
    await expect(result).rejects.toThrow('gone');
    expect(events).toEqual(['rolled back']);
  });
});
