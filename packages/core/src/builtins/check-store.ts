/**
 * Refuses, with a `TypeError` naming the first missing method, a store given to a built-in middleware that lacks
 * one of `methods`, so a wrong store fails when the middleware is defined, not on the first call it counts.
 */
export function checkStore(store: unknown, methods: readonly string[], owner: string): void {
  for (const method of methods) {
    const value =
      typeof store === 'object' && store !== null ? (store as Record<string, unknown>)[method] : undefined;
    if (typeof value !== 'function') {
      throw new TypeError(`${owner}: store must have a ${method}() method (got ${describe(store)}).`);
    }
  }
}

/** What was given, in a few words: `null`, `a number`, `an object without it`. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object without it';
  return `a ${typeof value}`;
}
