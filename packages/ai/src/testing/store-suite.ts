import { afterAll, beforeAll, describe } from 'vitest';
import { encodeCursor } from '../governance/paging.js';

/** How a conformance suite gets the adapter under test: opened once, closed after the suite. */
export interface StoreSuiteOptions<Store> {
  readonly open: () => Promise<Store> | Store;
  readonly close?: (store: Store) => Promise<void>;
}

/** Registers a suite whose cases share one store, each case in tenants of its own. */
export function describeStoreSuite<Store>(
  title: string,
  options: StoreSuiteOptions<Store>,
  cases: (store: () => Store) => void,
): void {
  describe(title, () => {
    let current: Store | undefined;
    beforeAll(async () => {
      current = await options.open();
    });
    afterAll(async () => {
      if (current !== undefined) await options.close?.(current);
    });
    cases(() => {
      if (current === undefined) throw new Error(`The store of "${title}" was not opened.`);
      return current;
    });
  });
}

/** A tenant name no other case uses. */
export function uniqueTenant(): string {
  return `tenant-${crypto.randomUUID().slice(0, 8)}`;
}

/** Cursors of the right shape edited by hand: each must be INVALID_FORMAT, never a database error. */
export const editedCursors = [
  ['9999', 'zzzz'],
  ['x', 'y'],
  ["x' OR 1=1--", 'y'],
  ['2026-02-30T00:00:00.000Z', 'a'],
  ['0000-01-01T00:00:00.000Z', 'a'],
  ['2030-01-01T00:00:00.000Z', 'a\u0000b'],
  ['2030-01-01T00:00:00.000Z', 'a\ud800'],
].map((position) => encodeCursor(position));
