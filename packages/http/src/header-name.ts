/** A header name as HTTP documents spell it (`Retry-After`); header names are case-insensitive. */
export function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}
