const blank = /^[\s\p{Cf}]*$/u;

/**
 * Whether a text holds nothing to find: only white space (what `trim` removes, U+3000 included) and invisible
 * format characters (zero-width space U+200B, word joiner U+2060, soft hyphen, bidirectional marks: Unicode's Cf).
 */
export function isBlank(text: string): boolean {
  return blank.test(text);
}
