import { expect } from 'vitest';
import type { Transaction } from '../ports/transaction-manager.js';
import { auditRecordFor } from './audit-record-for.js';
import { conformanceCase, readAfterCallbacks, uniqueSuffix } from './conformance-case.js';
import type { PortConformanceOptions, PortHarness } from './port-harness.js';

/** Registers the `TransactionManager` cases against the harness that `harness()` returns. */
export function transactionManagerCases(harness: () => PortHarness, options: PortConformanceOptions): void {
  const readWrite = { readOnly: false };

  conformanceCase(
    options,
    'transaction.commit',
    'commit makes the writes and audit records visible',
    async () => {
      const { transactions, audit, write, committedKeys } = harness();
      const key = uniqueSuffix();
      const record = auditRecordFor(key);
      const value = await transactions.run(async (transaction) => {
        await write(transaction, key);
        await audit.append(record, transaction);
        return { done: key };
      }, readWrite);
      expect(value).toEqual({ done: key });
      expect(await committedKeys()).toContain(key);
      expect(await audit.list({ invocationId: record.invocationId })).toStrictEqual([record]);
    },
  );

  conformanceCase(
    options,
    'transaction.rollback',
    'a throwing work function rolls back its writes and audit records',
    async () => {
      const { transactions, audit, write, committedKeys } = harness();
      const key = uniqueSuffix();
      const record = auditRecordFor(key);
      const failure = new Error('work failed');
      const run = transactions.run(async (transaction) => {
        await write(transaction, key);
        await audit.append(record, transaction);
        throw failure;
      }, readWrite);
      await expect(run).rejects.toBe(failure);
      expect(await committedKeys()).not.toContain(key);
      expect(await audit.list({ invocationId: record.invocationId })).toEqual([]);
    },
  );

  conformanceCase(
    options,
    'transaction.on-commit',
    'onCommit runs after the commit, in order, and onRollback never',
    async () => {
      const { transactions, write, committedKeys } = harness();
      const key = uniqueSuffix();
      const events: string[] = [];
      let seenByCallback: Promise<readonly string[]> | undefined;
      await transactions.run(async (transaction) => {
        await write(transaction, key);
        transaction.onCommit(() => {
          events.push('first commit callback');
          seenByCallback = readAfterCallbacks(committedKeys);
        });
        transaction.onCommit(() => events.push('second commit callback'));
        transaction.onRollback(() => events.push('rollback callback'));
        events.push('work finished');
      }, readWrite);
      expect(events).toEqual(['work finished', 'first commit callback', 'second commit callback']);
      expect(await seenByCallback).toContain(key);
    },
  );

  conformanceCase(
    options,
    'transaction.on-rollback',
    'onRollback runs after the rollback and onCommit never',
    async () => {
      const { transactions, write, committedKeys } = harness();
      const key = uniqueSuffix();
      const events: string[] = [];
      let seenByCallback: Promise<readonly string[]> | undefined;
      const run = transactions.run(async (transaction) => {
        await write(transaction, key);
        transaction.onRollback(() => {
          events.push('rollback callback');
          seenByCallback = readAfterCallbacks(committedKeys);
        });
        transaction.onCommit(() => events.push('commit callback'));
        events.push('work failed');
        throw new Error('work failed');
      }, readWrite);
      await expect(run).rejects.toThrow('work failed');
      expect(events).toEqual(['work failed', 'rollback callback']);
      expect(await seenByCallback).not.toContain(key);
    },
  );

  conformanceCase(
    options,
    'transaction.read-only',
    'a read-only transaction runs and says it is read-only',
    async () => {
      const { transactions } = harness();
      const seen: boolean[] = [];
      const value = await transactions.run(
        async (transaction) => {
          seen.push(transaction.readOnly);
          return 'read';
        },
        { readOnly: true },
      );
      await transactions.run(async (transaction) => {
        seen.push(transaction.readOnly);
      }, readWrite);
      expect(value).toBe('read');
      expect(seen).toEqual([true, false]);
    },
  );

  conformanceCase(
    options,
    'transaction.synchronous-throw',
    'work that throws at once rolls back and rejects (never throws from run itself)',
    async () => {
      const { transactions } = harness();
      const failure = new Error('refused at once');
      const rolledBack: string[] = [];
      let run: unknown;
      expect(() => {
        run = transactions.run((transaction) => {
          transaction.onRollback(() => rolledBack.push(transaction.id));
          throw failure;
        }, readWrite);
      }).not.toThrow();
      await expect(run).rejects.toBe(failure);
      expect(rolledBack).toHaveLength(1);
    },
  );

  conformanceCase(options, 'transaction.ids', 'every transaction has its own non-empty id', async () => {
    const { transactions } = harness();
    const ids = new Set<string>();
    for (let index = 0; index < 5; index++) {
      await transactions.run(async (transaction) => ids.add(transaction.id), { readOnly: index % 2 === 0 });
    }
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).not.toBe('');
  });

  conformanceCase(
    options,
    'transaction.concurrent',
    'concurrent transactions stay apart: one rolls back, the other commits',
    async () => {
      const { transactions, write, committedKeys } = harness();
      const [kept, dropped] = [uniqueSuffix(), uniqueSuffix()];
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      const results = await Promise.allSettled([
        transactions.run(async (transaction) => {
          await write(transaction, dropped);
          await pause();
          throw new Error('second thoughts');
        }, readWrite),
        transactions.run(async (transaction) => {
          await pause();
          await write(transaction, kept);
        }, readWrite),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
      const keys = await committedKeys();
      expect(keys).toContain(kept);
      expect(keys).not.toContain(dropped);
    },
  );

  conformanceCase(
    options,
    'transaction.abort-during-work',
    'a signal that aborts while the work runs rolls it back',
    async () => {
      const { transactions, write, committedKeys } = harness();
      const key = uniqueSuffix();
      const controller = new AbortController();
      const rolledBack: string[] = [];
      const run = transactions.run(
        async (transaction: Transaction) => {
          transaction.onRollback(() => rolledBack.push(transaction.id));
          await write(transaction, key);
          controller.abort();
          return 'finished anyway';
        },
        { readOnly: false, signal: controller.signal },
      );
      await expect(run).rejects.toBeDefined();
      expect(rolledBack).toHaveLength(1);
      expect(await committedKeys()).not.toContain(key);
    },
  );

  conformanceCase(
    options,
    'transaction.abort-before-start',
    'a signal aborted before the start runs no work',
    async () => {
      const { transactions } = harness();
      let ran = false;
      const run = transactions.run(
        async () => {
          ran = true;
        },
        { readOnly: false, signal: AbortSignal.abort() },
      );
      await expect(run).rejects.toBeDefined();
      expect(ran).toBe(false);
    },
  );
}
