import fc from 'fast-check';

// Values for the JSON writers' property tests: what a schema describes, and what it does not.

/** Strings JSON has to escape or must keep as they are: controls, quotes, lone and paired surrogates, long runs. */
export const text = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '',
    'a\u0000b',
    '"',
    '\\',
    '\ud800',
    '\udc00x',
    '😀',
    `${'x'.repeat(50)}"`,
    '汉字'.repeat(30),
    '\u2028',
  ),
);
export const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e21, -0, Number.NaN, Number.POSITIVE_INFINITY),
);
/** Any value at all where the schema says something else: every property may hold one. */
export const stray = fc.oneof(
  fc.anything(),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.constant(new Date(0)),
);

/** An object with the given properties, some left out, maybe one more, its keys in a shuffled order. */
export function shuffledObject(
  properties: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(properties).map(([key, value]) =>
    fc.tuple(fc.constant(key), fc.oneof({ weight: 8, arbitrary: value }, { weight: 1, arbitrary: stray })),
  );
  return fc
    .tuple(
      fc.tuple(...entries),
      fc.boolean(),
      fc.boolean(),
      fc.option(fc.tuple(fc.string(), stray), { freq: 8 }),
      fc.integer({ min: 0, max: 1000 }),
    )
    .map(([pairs, keepOrder, keepAll, added, seed]) => {
      let kept = keepAll ? pairs : pairs.filter((_, index) => (seed >> index) % 2 === 0);
      if (!keepOrder) kept = [...kept].sort(([a], [b]) => ((a.length * seed) % 7) - ((b.length * seed) % 7));
      const object = Object.fromEntries(kept);
      if (added) object[added[0]] = added[1];
      return object;
    });
}

/** Values a schema describes, now and then with a stray one in their midst (see `shuffledObject`). */
export function valuesOf(schema: unknown): fc.Arbitrary<unknown> {
  const { type, anyOf, properties, items, patternProperties } = schema as Record<string, unknown>;
  if (Array.isArray(anyOf)) return fc.oneof(...anyOf.map(valuesOf));
  if ('const' in (schema as object)) return fc.constant((schema as { const: unknown }).const);
  if (type === 'string') return text;
  if (type === 'integer') return fc.integer();
  if (type === 'number') return number;
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  if (type === 'array') return fc.array(valuesOf(items), { maxLength: 4 });
  if (type === 'object' && properties) {
    const shaped = Object.fromEntries(Object.entries(properties).map(([key, each]) => [key, valuesOf(each)]));
    return shuffledObject(shaped);
  }
  if (type === 'object' && patternProperties) {
    return fc.dictionary(fc.string(), valuesOf(Object.values(patternProperties)[0]), { maxKeys: 4 });
  }
  return fc.anything();
}
