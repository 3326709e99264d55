import { afterAll, beforeAll, describe } from 'vitest';

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
