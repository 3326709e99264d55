// A UTF-16 unit's place in code-point order: surrogates (an astral code point) come after U+E000–U+FFFF.
const codePointRank = (unit: number): number =>
  unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;

/**
 * Orders record ids by Unicode code point (the order of their UTF-8 bytes, PostgreSQL's `COLLATE "C"`), not by
 * UTF-16 unit as `<` does: the tie-break every store applies to chunks of equal score.
 */
export function compareRecordIds(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const leftUnit = left.charCodeAt(index);
    const rightUnit = right.charCodeAt(index);
    if (leftUnit !== rightUnit) return codePointRank(leftUnit) - codePointRank(rightUnit);
  }
  return left.length - right.length;
}
