import { describe, expect, it } from 'vitest';
import { type ImmediateTransactions, immediate } from '../immediate.js';
import type { Transaction, TransactionOptions } from '../ports/transaction-manager.js';
import { createMemoryTransactionManager } from './memory-transaction-manager.js';

/** The in-memory manager's synchronous entry, which only core's pipeline uses. */
function runNow<T>(work: (transaction: Transaction) => T, options: TransactionOptions) {
  return (createMemoryTransactionManager() as unknown as ImmediateTransactions)[immediate](work, options);
}

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

describe('in-memory transactions: the synchronous entry core uses for synchronous work', () => {
  it('commits at once and returns the value itself, not a promise', () => {
    const { events, work } = recording(() => 42);
    expect(runNow(work, { readOnly: false })).toBe(42);
    expect(events).toEqual(['committed']);
  });

  it('rolls back and rejects when the work throws', async () => {
    const { events, work } = recording(() => {
      throw new Error('broken');
    });
    await expect(runNow(work, { readOnly: false })).rejects.toThrow('broken');
    expect(events).toEqual(['rolled back']);
  });

  it('rolls back and rejects when the call was aborted while the work ran', async () => {
    const controller = new AbortController();
    const { events, work } = recording(() => {
      controller.abort(new Error('gone'));
      return 1;
    });
    const result = runNow(work, { readOnly: false, signal: controller.signal });
    await expect(result).rejects.toThrow('gone');
    expect(events).toEqual(['rolled back']);
  });
});

describe('in-memory transactions: the port', () => {
  it('always answers with a promise, as every adapter does', async () => {
    const answer = createMemoryTransactionManager().run(async () => 7, { readOnly: true });
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(7);
  });
});
