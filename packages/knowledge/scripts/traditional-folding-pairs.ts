import * as OpenCC from 'opencc-js';

// Han blocks: Extension A and the Unified Ideographs, then Extensions B to H (compatibility ideographs are
// already folded by NFKC, which the analyzer applies first).
const ranges: ReadonlyArray<readonly [number, number]> = [
  [0x3400, 0x9fff],
  [0x20000, 0x323af],
];

/**
 * Every Han character that OpenCC converts, on its own, to another Simplified character, followed by that
 * character: OpenCC's standard Traditional forms, then Hong Kong's variants (衞, 粧, 枱). Not Taiwan's: its
 * converter folds 著 to 着 and 么 to 幺, characters Simplified text uses as they are.
 */
export function traditionalFoldingPairs(): string {
  const converters = (['t', 'hk'] as const).map((from) => OpenCC.Converter({ from, to: 'cn' }));
  const folding = new Map<string, string>();
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const character = String.fromCodePoint(code);
      for (const convert of converters) {
        const folded = convert(character);
        if (folded !== character && [...folded].length === 1) {
          folding.set(character, folded);
          break;
        }
      }
    }
  }
  // Folding once must be enough (薴 → 苧 → 苎): each character goes straight to the end of its chain.
  let pairs = '';
  for (const [character, folded] of folding) {
    let end = folded;
    while (folding.has(end) && folding.get(end) !== character) end = folding.get(end) as string;
    pairs += character + end;
  }
  return pairs;
}
