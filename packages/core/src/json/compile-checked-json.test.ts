import fc from 'fast-check';
import Type, { type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { closeSchema } from '../validation/close-schema.js';
import { compileCheckedJson } from './compile-checked-json.js';
import { stray, text } from './test-support.js';

const order = Type.Object({
  id: Type.String(),
  item: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('shipped')]),
  totalCents: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
});
const orders = Type.Object({ orders: Type.Array(order, { maxItems: 10 }) });
const optional = Type.Object({
  name: Type.String({ description: 'annotations say nothing of the value' }),
  note: Type.Optional(Type.String()),
  paid: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 3 })),
  position: Type.Optional(
    Type.Object({ x: Type.Number({ exclusiveMinimum: 0, maximum: 10 }), cleared: Type.Null() }),
  ),
  kind: Type.Union([Type.Literal(1), Type.Literal('one'), Type.Literal(true), Type.Literal('两')]),
  level: Type.Integer({ exclusiveMaximum: 5, minimum: -5 }),
});
const list = Type.Array(Type.Object({ ok: Type.Boolean() }), { minItems: 2 });

/**
 * Values close to what a schema describes: keys in its order, numbers around their bounds, strings with and
 * without characters to escape; now and then a key too many, two keys swapped or a stray value.
 */
function plausible(schema: unknown): fc.Arbitrary<unknown> {
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.anyOf)) return fc.oneof(...node.anyOf.map(plausible));
  if ('const' in node) return fc.constant(node.const);
  const bound = (keyword: string, otherwise: number) =>
    typeof node[keyword] === 'number' ? (node[keyword] as number) : otherwise;
  switch (node.type) {
    case 'string':
      return fc.oneof(
        { weight: 12, arbitrary: fc.string({ unit: fc.constantFrom(...'az 09-:.'), maxLength: 12 }) },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        { weight: 1, arbitrary: text },
      );
    case 'integer':
      return fc.integer({
        min: Math.min(bound('minimum', -20), bound('exclusiveMinimum', -20)) - 2,
        max: Math.max(bound('maximum', 20), bound('exclusiveMaximum', 20)) + 2,
      });
    case 'number':
      return fc.oneof(
        fc.double({ min: -2, max: 12 }),
        fc.constantFrom(0, 10, Number.NaN, Number.POSITIVE_INFINITY),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(node.items), { maxLength: bound('maxItems', 3) + 1 });
    case 'object': {
      const properties = node.properties as Record<string, unknown>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, each]) => [key, plausible(each)]),
      );
      const requiredKeys = (node.required ?? []) as string[];
      return fc.tuple(fc.record(model, { requiredKeys }), fc.nat(40), stray).map(([value, dice, odd]) => {
        const entries = Object.entries(value);
        if (dice === 0) entries.push(['extra', odd]);
        if (dice === 1 && entries.length > 1) entries.reverse();
        if (dice === 2 && entries.length > 0) (entries[0] as [string, unknown])[1] = odd;
        return Object.fromEntries(entries);
      });
    }
    default:
      return stray;
  }
}

/** Holds the writer to the schema's TypeBox check and to JSON.stringify for one value. */
function expectChecked(schema: TSchema, value: unknown): string | undefined {
  const closed = closeSchema(schema);
  const write = compileCheckedJson(closed);
  if (write === undefined) throw new Error('the schema should compile');
  const text = write(value);
  if (text !== undefined) {
    expect(Compile(closed).Check(value)).toBe(true);
    expect(text).toBe(JSON.stringify(value));
    if (write.ascii) expect(text).not.toMatch(/[\u0080-\uffff]/);
  }
  return text;
}

describe('compileCheckedJson', () => {
  it('writes only what the TypeBox check admits, as JSON.stringify writes it', () => {
    for (const schema of [orders, optional, list]) {
      let written = 0;
      const values = fc.oneof(
        { weight: 19, arbitrary: plausible(closeSchema(schema)) },
        { weight: 1, arbitrary: stray },
      );
      fc.assert(
        fc.property(values, (value) => {
          if (expectChecked(schema, value) !== undefined) written++;
        }),
        { numRuns: 3000 },
      );
      // Most plausible values are written in one walk: the comparisons above were not only of refusals.
      expect(written, JSON.stringify(schema)).toBeGreaterThan(100);
    }
  });

  it('writes a value of the schema in one walk: keys in order, strings with nothing to escape', () => {
    const value = {
      orders: Array.from({ length: 10 }, (_, index) => ({
        id: `o-${index}`,
        item: 'green tea',
        quantity: 2,
        status: (['pending', 'paid', 'shipped'] as const)[index % 3],
        totalCents: 900,
        createdAt: '2026-11-30T12:00:00.000Z',
      })),
    };
    expect(expectChecked(orders, value)).toBe(JSON.stringify(value));
    expect(expectChecked(optional, { name: 'a', kind: 1, level: -5 })).toBe(
      '{"name":"a","kind":1,"level":-5}',
    );
    const full = {
      name: '茶',
      note: 'n',
      paid: false,
      tags: ['x'],
      position: { x: 10, cleared: null },
      kind: '两',
      level: 4,
    };
    expect(expectChecked(optional, full)).toBe(JSON.stringify(full));
    const write = compileCheckedJson(closeSchema(optional));
    write?.(full);
    expect(write?.ascii).toBe(false);
    write?.({ name: 'a', kind: 'one', level: 0 });
    expect(write?.ascii).toBe(true);
  });

  it('leaves to the check and the writer what it cannot verify on the way', () => {
    const valid = { name: 'a', kind: 1, level: 0 };
    const cannot: unknown[] = [
      { ...valid, extra: 1 },
      { kind: 1, level: 0 },
      { level: 0, kind: 1, name: 'a' },
      { ...valid, name: 'say "hi"' },
      { ...valid, level: 5 },
      { ...valid, level: 1.5 },
      { ...valid, kind: 2 },
      { ...valid, note: undefined },
      { ...valid, tags: [] },
      { ...valid, tags: ['a', 'b', 'c', 'd'] },
      { ...valid, position: { x: 0, cleared: null } },
      { ...valid, position: { x: Number.NaN, cleared: null } },
      { ...valid, toJSON: () => valid },
      Object.assign(Object.create({ inherited: true }), valid),
      [valid],
      null,
      'a',
    ];
    for (const value of cannot) expect(expectChecked(optional, value)).toBeUndefined();
    class Order {
      ok = true;
    }
    const holed = [{ ok: true }, { ok: false }];
    holed.length = 3;
    for (const value of [[{ ok: true }], [new Order(), new Order()], holed, [{ ok: 1 }, { ok: true }]])
      expect(expectChecked(list, value)).toBeUndefined();
  });

  it('compiles nothing for a schema with a keyword it does not check', () => {
    const Node = Type.Cyclic({ Node: Type.Object({ next: Type.Optional(Type.Ref('Node')) }) }, 'Node');
    for (const schema of [
      Type.Object({ name: Type.String({ minLength: 1 }) }),
      Type.Object({ name: Type.String({ pattern: '^a' }) }),
      Type.Object({ at: Type.String({ format: 'date-time' }) }),
      Type.Object({
        either: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
      }),
      Type.Object({ any: Type.Unknown() }),
      Type.Object({ many: Type.Integer({ multipleOf: 2 }) }),
      Type.Record(Type.String(), Type.String()),
      Type.Object({}),
      Type.String(),
      Node,
    ]) {
      expect(compileCheckedJson(closeSchema(schema))).toBeUndefined();
    }
  });
});
