const escapes: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One character as the CLI prints it escaped: `\n`, `\r`, `\t`, else `\x1b` up to U+00FF and `\u2028` above. */
export function escapeCharacter(character: string): string {
  const known = escapes[character];
  if (known) return known;
  const code = character.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/**
 * A file name, document id or title as the CLI prints it: on one line, and inert in a terminal. A control
 * character (a newline, an escape sequence's ESC) is written as `\n`, `\r`, `\t` or `\x1b`, and a line or
 * paragraph separator as `\u2028`, so a file named to look like another line of the report, or to clear the
 * screen, prints as what it is.
 */
export function printableName(name: string): string {
  return name.replace(/[\p{Cc}\u2028\u2029]/gu, escapeCharacter);
}
