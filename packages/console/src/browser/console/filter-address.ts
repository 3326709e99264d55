/** A query value that must be one of `choices`; anything else (missing, misspelt, from an old link) is `fallback`. */
export function oneOf<T extends string>(value: string | null, choices: readonly T[], fallback: T): T {
  return (choices as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/**
 * A free-text filter from the address, or `''` (no filter) for one the server would refuse whatever it held: a
 * control character such as NUL, or longer than the filter takes (`max`). Kept, it was sent again on every
 * Retry, and the page stayed on its error until its filters were cleared. (The address decodes bytes that are
 * not UTF-8 to U+FFFD, a character like any other.)
 */
export function textFilter(value: string | null, max: number): string {
  if (value === null || value.length > max) return '';
  return hasControl(value) ? '' : value;
}

/** Whether a filter holds a control character (NUL, a tab, DEL), which the server refuses in any filter. */
export function hasControl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for here
  return /[\u0000-\u001f\u007f]/.test(value);
}

/** A typed filter as the server is asked it: trimmed, and none when empty or holding a control character. */
export function sentFilter(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' || hasControl(trimmed) ? undefined : trimmed;
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
