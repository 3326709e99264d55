import fc from 'fast-check';
import Type from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileJsonStringify, type JsonStringify } from './compile-json-stringify.js';
import { number, shuffledObject, stray, text, valuesOf } from './test-support.js';

const order = Type.Object(
  {
    id: Type.String(),
    item: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('shipped')]),
    paid: Type.Optional(Type.Boolean()),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    extra: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
const orders = Type.Object({ orders: Type.Array(order), total: Type.Number() });
const nested = Type.Object({
  matrix: Type.Array(Type.Array(Type.Integer())),
  tags: Type.Record(Type.String(), Type.String()),
  child: Type.Optional(Type.Object({ name: Type.String(), flags: Type.Array(Type.Boolean()) })),
});

/** What a call gave: its text, or the error it threw (JSON.stringify's own errors, such as for a BigInt). */
function outcome(write: () => string | undefined): { text?: string | undefined; error?: string } {
  try {
    return { text: write() };
  } catch (error) {
    return { error: String(error) };
  }
}

/**
 * Writes `value` and holds the result to JSON.stringify's; when the writer says its text is ASCII, holds that
 * too (the server sends such a text as Latin-1, with its length as its byte count).
 */
function expectAsJsonStringify(write: JsonStringify, value: unknown): void {
  const written = outcome(() => write(value));
  expect(written).toEqual(outcome(() => JSON.stringify(value)));
  if (written.text !== undefined && write.ascii) expect(written.text).not.toMatch(/[\u0080-\uffff]/);
}

const anOrder = shuffledObject({
  id: text,
  item: text,
  quantity: number,
  status: fc.oneof(fc.constantFrom('pending', 'paid', 'shipped'), text),
  paid: fc.boolean(),
  note: fc.option(text),
  extra: fc.anything(),
});

describe('compileJsonStringify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes exactly what JSON.stringify writes, for values shaped like the schema and for any other', () => {
    const write = compileJsonStringify(orders);
    const value = fc.oneof(
      shuffledObject({
        orders: fc.array(fc.oneof({ weight: 9, arbitrary: anOrder }, { weight: 1, arbitrary: stray })),
        total: number,
      }),
      stray,
    );
    fc.assert(
      fc.property(value, (each) => expectAsJsonStringify(write, each)),
      { numRuns: 2000 },
    );
  });

  it('writes nested arrays, records and optional objects as JSON.stringify does', () => {
    const write = compileJsonStringify(nested);
    const value = shuffledObject({
      matrix: fc.array(fc.array(fc.oneof(number, stray))),
      tags: fc.dictionary(fc.string(), text),
      child: shuffledObject({ name: text, flags: fc.array(fc.oneof(fc.boolean(), stray)) }),
    });
    fc.assert(
      fc.property(value, (each) => expectAsJsonStringify(write, each)),
      { numRuns: 1000 },
    );
  });

  it('writes a value shaped like its schema without calling JSON.stringify', () => {
    const write = compileJsonStringify(orders);
    const value = {
      orders: [
        { id: 'o-1', item: 'green tea', quantity: 2, status: 'paid', paid: true, note: null },
        { id: 'o-2', item: '绿茶 "特级"', quantity: 1, status: 'pending' },
        // Every property there, in the schema's order: the one-concatenation path.
        {
          id: 'o-3',
          item: 'oolong',
          quantity: 3,
          status: 'shipped',
          paid: false,
          note: 'ring twice',
          extra: 7,
        },
        // All there too, but a string to escape: written property by property, that string by JSON.stringify.
        { id: 'o-4', item: 'say "hi"', quantity: 1, status: 'paid', paid: true, note: 'sencha', extra: null },
      ],
      total: 4.5,
    };
    const expected = JSON.stringify(value);
    const spy = vi.spyOn(JSON, 'stringify');
    // A string with quotes is escaped by JSON.stringify itself: one call each, for that string alone.
    expect(write(value)).toBe(expected);
    expect(spy.mock.calls.map(([argument]) => argument)).toEqual(['绿茶 "特级"', 'say "hi"']);
  });

  it('keeps what only JSON.stringify knows: toJSON with its key, BigInt, getters, hidden and inherited keys', () => {
    const write = compileJsonStringify(orders);
    const withToJson = { orders: [], total: { toJSON: (key: string) => `total under "${key}"` } };
    expect(write(withToJson)).toBe(JSON.stringify(withToJson));
    expect(() => write({ orders: [], total: 1n })).toThrow(TypeError);
    const hidden = { orders: [], total: 1 };
    Object.defineProperty(hidden, 'total', { value: 2, enumerable: false });
    expect(write(hidden)).toBe('{"orders":[]}');
    const inherited = Object.assign(Object.create({ total: 3 }), { orders: [] });
    expect(write(inherited)).toBe(JSON.stringify(inherited));
    const bare = Object.assign(Object.create(null), { orders: [], total: 5 });
    expect(write(bare)).toBe('{"orders":[],"total":5}');
    let reads = 0;
    const counted = {
      orders: [],
      get total() {
        reads++;
        return 7;
      },
    };
    expect(write(counted)).toBe('{"orders":[],"total":7}');
    expect(reads).toBe(1);
    // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
    const holes = { orders: [, { id: 'a' }], total: 1 };
    expect(write(holes)).toBe(JSON.stringify(holes));
  });

  it('says whether its text is ASCII: yes only when every string it wrote was, and it wrote them itself', () => {
    const write = compileJsonStringify(orders);
    const withItem = (item: string) => ({
      orders: [{ id: 'o-1', item, quantity: 2, status: 'paid', paid: true, note: null, extra: 1 }],
      total: 4.5,
    });
    const ascii = (value: unknown) => {
      expect(write(value)).toBe(JSON.stringify(value));
      return write.ascii;
    };
    expect(ascii(withItem('green tea'))).toBe(true);
    expect(ascii(withItem('x'.repeat(60)))).toBe(true);
    expect(ascii({ orders: [], total: 1 })).toBe(true);
    // Beyond ASCII, short or long (one loop, or one regular expression), written in one concatenation or not.
    expect(ascii(withItem('绿茶'))).toBe(false);
    expect(ascii(withItem(`${'x'.repeat(60)}é`))).toBe(false);
    expect(ascii({ orders: [{ item: 'ü', id: 'o-1' }], total: 1 })).toBe(false);
    expect(ascii({ orders: [], total: 1, extra: 'ü' })).toBe(false);
    expect(
      ascii({
        orders: [{ id: 'o-1', item: 'x', quantity: 1, status: 'paid', extra: { note: 'ü' } }],
        total: 1,
      }),
    ).toBe(false);
    // What JSON.stringify wrote is not looked at again: not known to be ASCII.
    expect(ascii(withItem('绿茶 "特级"'))).toBe(false);
    expect(ascii({ orders: [], total: { toJSON: () => 1 } })).toBe(false);
    expect(ascii(withItem('green tea'))).toBe(true);
    // A key beyond ASCII; a schema the writer leaves to JSON.stringify.
    const keyed = compileJsonStringify(Type.Object({ 名称: Type.String() }));
    expect(keyed({ 名称: 'tea' })).toBe('{"名称":"tea"}');
    expect(keyed.ascii).toBe(false);
    const anything = compileJsonStringify(Type.Unknown());
    expect(anything('tea')).toBe('"tea"');
    expect(anything.ascii).toBe(false);
    // A getter that runs a writer on the way does not make the outer text ASCII.
    const inner = compileJsonStringify(orders);
    const outer = {
      orders: [{ id: '汉', item: 'x' }],
      get total() {
        inner({ orders: [], total: 1 });
        return 1;
      },
    };
    expect(write(outer)).toBe(JSON.stringify(outer));
    expect(write.ascii).toBe(false);
  });

  it('calls a toJSON the objects inherit from Object.prototype, as JSON.stringify does', () => {
    // An object without arrays: an array's own check for toJSON would hide a missing one for objects.
    const write = compileJsonStringify(order);
    const value = { id: 'o-1', item: 'tea', quantity: 1, status: 'paid' };
    Object.defineProperty(Object.prototype, 'toJSON', {
      value: () => 'replaced',
      configurable: true,
      writable: true,
    });
    try {
      expect(write(value)).toBe(JSON.stringify(value));
      expect(write(value)).toBe('"replaced"');
    } finally {
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
    }
    expect(write(value)).toBe(JSON.stringify(value));
  });

  it('compiles any schema of objects, arrays, records, unions and scalars, and writes any value as JSON.stringify', () => {
    const schema = fc.letrec<{ schema: unknown }>((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(
          Type.String(),
          Type.Integer(),
          Type.Number(),
          Type.Boolean(),
          Type.Null(),
          Type.Unknown(),
          Type.Union([Type.Literal('a'), Type.Literal('b"')]),
          Type.Union([Type.String(), Type.Null()]),
        ),
        fc
          .dictionary(
            fc.oneof(fc.string(), fc.constantFrom('a', 'b', '__proto__', 'toString')),
            tie('schema'),
            {
              maxKeys: 5,
            },
          )
          .map((properties) => Type.Object(properties as never)),
        tie('schema').map((items) => Type.Array(items as never)),
        tie('schema').map((values) => Type.Record(Type.String(), values as never)),
      ),
    })).schema;
    const cases = schema.chain((each) =>
      fc.tuple(
        fc.constant(each),
        fc.array(fc.oneof(valuesOf(each), fc.anything({ withNullPrototype: true })), { maxLength: 4 }),
      ),
    );
    fc.assert(
      fc.property(cases, ([each, values]) => {
        const write = compileJsonStringify(each);
        for (const value of values) expectAsJsonStringify(write, value);
      }),
      { numRuns: 500 },
    );
  });

  it('writes an object of no properties, empty or not', () => {
    const write = compileJsonStringify(
      Type.Object({ inner: Type.Object({}), list: Type.Array(Type.Object({})) }),
    );
    for (const value of [
      { inner: {}, list: [{}, {}] },
      { inner: { a: 1 }, list: [{ b: [2] }] },
      { list: [], inner: Object.create(null) },
    ]) {
      expect(write(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes keys that need escaping, and objects of more than 30 properties', () => {
    const odd = Type.Object({
      'say "hi"': Type.String(),
      'back\\slash': Type.Integer(),
      '\u0001': Type.Boolean(),
    });
    const value = { 'say "hi"': 'x', 'back\\slash': 1, '\u0001': false };
    expect(compileJsonStringify(odd)(value)).toBe(JSON.stringify(value));
    const wide = Type.Object(
      Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`p${index}`, Type.Integer()])),
    );
    const wideValue = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`p${index}`, index]));
    expect(compileJsonStringify(wide)(wideValue)).toBe(JSON.stringify(wideValue));
  });
});
