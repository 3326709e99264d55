import { useRef, useState } from 'react';

/** One page of a list as the governance operations answer it: its items and the cursor of the next. */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly next?: string | undefined;
}

/** The pages after the first: their items, the next cursor, whether one is loading, and its failure. */
export interface More<T> {
  readonly items: readonly T[];
  readonly next: string | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
  /** Loads the next page; does nothing while one is loading or when there is none. */
  loadMore(): void;
}

interface MoreState<T> {
  readonly first: object | undefined;
  readonly items: readonly T[];
  readonly next: string | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

/**
 * Follows a list's cursors after its first page (`useLoad`'s value). A new first page (other filters,
 * a reload) starts over, and a page that arrives for an older first page is dropped, so the list
 * never mixes two queries; a second click while a page loads does nothing, so no page appears twice.
 */
export function useMore<T>(
  first: { readonly next?: string | undefined } | undefined,
  loadPage: (cursor: string) => Promise<ListPage<T>>,
): More<T> {
  const [state, setState] = useState<MoreState<T>>(() => startOf(first));
  const inFlight = useRef<object | undefined>(undefined);
  const current = state.first === first ? state : startOf<T>(first);
  const loadMore = () => {
    const cursor = current.next;
    if (cursor === undefined || first === undefined || inFlight.current === first) return;
    inFlight.current = first;
    const settle = (change: (state: MoreState<T>) => MoreState<T>) => {
      if (inFlight.current === first) inFlight.current = undefined;
      setState((previous) => (previous.first === first ? change(previous) : previous));
    };
    setState((previous) => ({
      ...(previous.first === first ? previous : startOf<T>(first)),
      loading: true,
      error: undefined,
    }));
    loadPage(cursor).then(
      (page) =>
        settle((previous) => ({
          ...previous,
          items: [...previous.items, ...page.items],
          next: page.next,
          loading: false,
        })),
      (failed: unknown) =>
        settle((previous) => ({
          ...previous,
          loading: false,
          error: failed instanceof Error ? failed : new Error(String(failed)),
        })),
    );
  };
  return {
    items: current.items,
    next: current.next,
    loading: current.loading,
    error: current.error,
    loadMore,
  };
}

function startOf<T>(first: { readonly next?: string | undefined } | undefined): MoreState<T> {
  return { first, items: [], next: first?.next, loading: false, error: undefined };
}
