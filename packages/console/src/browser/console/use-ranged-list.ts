import { type RangeChoice, rangeKey, rangeOf } from './time-range.js';
import { type Loaded, useLoad } from './use-load.js';
import { type More, useMore } from './use-more.js';
import { useSettledRange } from './use-settled-range.js';

/** The `from` and `to` a time range adds to a list's filters. */
type Ranged<F> = F & { from?: string; to?: string };

/** A ranged list: its first page with the query that asked for it, the items of all pages, and the pages after the first. */
export interface RangedList<F, P, T> {
  readonly loaded: Loaded<P & { readonly query: Ranged<F> }>;
  readonly first: (P & { readonly query: Ranged<F> }) | undefined;
  readonly items: readonly T[];
  readonly more: More<T>;
}

/**
 * Loads a governance list under filters and a time range, and follows its cursors. Later pages repeat the
 * first page's query, so a preset range ("last day") does not move while paging; a range the page refuses
 * (backwards, or past the dates the server takes) asks for nothing (the page says why).
 */
export function useRangedList<F extends object, P extends { readonly next?: string | undefined }, T>(
  filters: F,
  range: RangeChoice,
  list: (query: Ranged<F>, cursor?: string) => Promise<P>,
  itemsOf: (page: P) => readonly T[],
): RangedList<F, P, T> {
  const settled = useSettledRange(range);
  const loaded = useLoad(
    async () => {
      const query: Ranged<F> = { ...filters, ...(settled ? rangeOf(settled) : {}) };
      return { ...(await list(query)), query };
    },
    settled ? JSON.stringify({ filters, range: rangeKey(settled) }) : undefined,
  );
  const first = loaded.value;
  const more = useMore(first, (cursor) =>
    list(first?.query ?? ({} as Ranged<F>), cursor).then((next) => ({
      items: itemsOf(next),
      ...(next.next ? { next: next.next } : {}),
    })),
  );
  return { loaded, first, items: [...(first ? itemsOf(first) : []), ...more.items], more };
}
