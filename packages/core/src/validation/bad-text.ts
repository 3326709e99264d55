/** Why a store could not keep a string as sent: a NUL character, or a lone UTF-16 surrogate. */
export type BadTextCode = 'NUL_CHARACTER' | 'INVALID_UNICODE';

/** What is wrong with a string, if anything. */
export function badTextIn(text: string): BadTextCode | undefined {
  if (text.includes('\u0000')) return 'NUL_CHARACTER';
  return isWellFormed(text) ? undefined : 'INVALID_UNICODE';
}

/** `String.prototype.isWellFormed` (ES2024, in every supported Node): no lone surrogate. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/**
 * A key as an answer may carry it: NUL and lone surrogates written as JSON escapes (`\u0000`, `\ud800`), a
 * surrogate pair kept; a key with neither as it is.
 */
export function writtenOut(key: string): string {
  if (badTextIn(key) === undefined) return key;
  let written = '';
  for (let index = 0; index < key.length; index++) {
    const unit = key.charCodeAt(index);
    const next = key.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      written += key.slice(index, index + 2);
      index++;
    } else if (unit === 0 || (unit >= 0xd800 && unit <= 0xdfff)) {
      written += `\\u${unit.toString(16).padStart(4, '0')}`;
    } else written += key[index];
  }
  return written;
}
