/** A query value that must be one of `choices`; anything else (missing, misspelt, from an old link) is `fallback`. */
export function oneOf<T extends string>(value: string | null, choices: readonly T[], fallback: T): T {
  return (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/**
 * Writes a page's filters into the address, replacing its history entry: a reload or Back shows the page as it
 * was left, and filtering adds no steps to Back. Empty values are left out, so a page at its defaults has none.
 */
export function replaceQuery(values: Readonly<Record<string, string | undefined>>): void {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) query.set(name, value);
  const text = query.toString();
  const search = text === '' ? '' : `?${text}`;
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
}
