import type { KnowledgeStore, StoreHealth } from './knowledge-store.js';

/** A health item (the shape `@opwire/http` probes) for a knowledge store. */
export interface KnowledgeHealthItem {
  readonly name: string;
  readonly critical: boolean;
  check(): Promise<StoreHealth>;
}

/**
 * The health item of a knowledge store, named `knowledge` and not critical by default: a vector store that stops
 * answering shows as degraded while the API stays ready, since operations that do not search keep working.
 */
export function knowledgeHealthItem(
  store: KnowledgeStore,
  options: { readonly name?: string; readonly critical?: boolean } = {},
): KnowledgeHealthItem {
  return {
    name: options.name ?? 'knowledge',
    critical: options.critical ?? false,
    check: () => store.health(),
  };
}
