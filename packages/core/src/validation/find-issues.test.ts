import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { closeSchema } from './close-schema.js';
import { compileValidator } from './compile-validator.js';

const Line = Type.Object({ sku: Type.String(), quantity: Type.Integer({ minimum: 1 }) });
const validate = compileValidator(
  closeSchema(
    Type.Object({
      customer: Type.Object({ name: Type.String({ minLength: 1 }), email: Type.String({ format: 'email' }) }),
      lines: Type.Array(Line, { minItems: 1, maxItems: 3 }),
      priority: Type.Union([Type.Literal('low'), Type.Literal('high')]),
      channel: Type.Optional(Type.Enum(['web', 'phone'])),
      discount: Type.Optional(Type.Union([Type.Number({ maximum: 1 }), Type.Null()])),
      code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    }),
  ),
);
const valid = {
  customer: { name: 'Ann', email: 'ann@example.com' },
  lines: [{ sku: 'tea', quantity: 1 }],
  priority: 'low',
};

describe('compileValidator', () => {
  it('accepts a valid value', () => {
    expect(validate(valid)).toBeUndefined();
    expect(validate({ ...valid, discount: null, channel: 'web', code: 'ABC' })).toBeUndefined();
  });

  it.each([
    [
      'missing nested field',
      { ...valid, customer: { email: 'ann@example.com' } },
      'MISSING_FIELD',
      'customer.name',
      '/customer/name',
      'string',
    ],
    [
      'wrong type in an array item',
      { ...valid, lines: [{ sku: 'tea', quantity: '1' }] },
      'WRONG_TYPE',
      'lines[0].quantity',
      '/lines/0/quantity',
      'integer',
    ],
    [
      'null where not allowed',
      { ...valid, priority: null },
      'NULL_NOT_ALLOWED',
      'priority',
      '/priority',
      '"low" | "high"',
    ],
    [
      'literal union',
      { ...valid, priority: 'urgent' },
      'INVALID_ENUM',
      'priority',
      '/priority',
      '"low" | "high"',
    ],
    ['enum', { ...valid, channel: 'fax' }, 'INVALID_ENUM', 'channel', '/channel', '"web" | "phone"'],
    ['enum given a number', { ...valid, channel: 3 }, 'WRONG_TYPE', 'channel', '/channel', 'string'],
    [
      'unknown nested field',
      { ...valid, customer: { ...valid.customer, tenant: 'x' } },
      'UNKNOWN_FIELD',
      'customer.tenant',
      '/customer/tenant',
      undefined,
    ],
    ['too few items', { ...valid, lines: [] }, 'OUT_OF_RANGE', 'lines', '/lines', 'at least 1 items'],
    [
      'too many items',
      { ...valid, lines: [valid.lines[0], valid.lines[0], valid.lines[0], valid.lines[0]] },
      'OUT_OF_RANGE',
      'lines',
      '/lines',
      'at most 3 items',
    ],
    [
      'string too short',
      { ...valid, customer: { ...valid.customer, name: '' } },
      'OUT_OF_RANGE',
      'customer.name',
      '/customer/name',
      'length >= 1',
    ],
    [
      'nullable number out of range',
      { ...valid, discount: 2 },
      'OUT_OF_RANGE',
      'discount',
      '/discount',
      '<= 1',
    ],
    [
      'format',
      { ...valid, customer: { ...valid.customer, email: 'ann' } },
      'INVALID_FORMAT',
      'customer.email',
      '/customer/email',
      'email',
    ],
    ['pattern', { ...valid, code: 'abc' }, 'INVALID_FORMAT', 'code', '/code', 'pattern ^[A-Z]{3}$'],
    ['not an object at all', 'hello', 'WRONG_TYPE', '', '', 'object'],
    ['null body', null, 'NULL_NOT_ALLOWED', '', '', 'object'],
  ])('%s', (_name, value, code, field, pointer, expected) => {
    const [first] = validate(value) ?? [];
    expect(first).toEqual(
      expected === undefined ? { code, field, pointer } : { code, field, pointer, expected },
    );
  });

  it('calls a number past any range (JSON `1e309` is Infinity) OUT_OF_RANGE, not a wrong type', () => {
    const check = compileValidator(Type.Object({ n: Type.Number(), i: Type.Integer() }));
    for (const [value, pointer] of [
      [{ n: JSON.parse('1e309'), i: 1 }, '/n'],
      [{ n: 1, i: JSON.parse('-1e309') }, '/i'],
    ] as const) {
      expect(check(value)?.[0]).toEqual({
        code: 'OUT_OF_RANGE',
        field: pointer.slice(1),
        pointer,
        expected: 'a finite number',
      });
    }
  });

  it('quotes a key a dotted field would misread, and keeps plain ones (Chinese included) bare', () => {
    const check = compileValidator(
      closeSchema(
        Type.Object({ 名称: Type.Object({ 'x-id': Type.String() }), list: Type.Array(Type.String()) }),
      ),
    );
    const field = (value: unknown) => check(value)?.[0]?.field;
    const base = { 名称: { 'x-id': 'a' }, list: [] };
    expect(field({ ...base, '': 1 })).toBe('[""]');
    expect(field({ ...base, 'a.b': 1 })).toBe('["a.b"]');
    expect(field({ ...base, '0': 1 })).toBe('["0"]');
    expect(field({ ...base, 名称: { 'x-id': 'a', 'has space': 1 } })).toBe('名称["has space"]');
    expect(field({ ...base, 名称: { 'x-id': 3 } })).toBe('名称.x-id');
    expect(field({ ...base, list: [1] })).toBe('list[0]');
  });

  it('never coerces: a numeric string, a boolean string and null are not numbers', () => {
    const check = compileValidator(Type.Object({ n: Type.Number(), b: Type.Boolean() }));
    expect(check({ n: '10', b: true })?.[0]?.code).toBe('WRONG_TYPE');
    expect(check({ n: 10, b: 'true' })?.[0]?.code).toBe('WRONG_TYPE');
    expect(check({ n: null, b: true })?.[0]?.code).toBe('NULL_NOT_ALLOWED');
  });

  it('caps the number of issues it reports', () => {
    const wide = compileValidator(closeSchema(Type.Object({})));
    const value = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`f${index}`, index]));
    expect(validate(value)?.length).toBeLessThanOrEqual(8);
    expect(wide(value)).toHaveLength(8);
  });
});

describe('closeSchema', () => {
  it('closes every object that does not say otherwise, and leaves the original untouched', () => {
    const open = Type.Object({
      a: Type.Object({ b: Type.String() }),
      c: Type.Record(Type.String(), Type.String()),
    });
    const closed = closeSchema(open) as unknown as Record<string, any>;
    expect(closed.additionalProperties).toBe(false);
    expect(closed.properties.a.additionalProperties).toBe(false);
    expect((open as unknown as Record<string, unknown>).additionalProperties).toBeUndefined();
  });
});

describe('compileValidator on records with bounded keys', () => {
  const record = compileValidator(
    Type.Object({
      metadata: Type.Record(Type.String(), Type.String(), {
        maxProperties: 3,
        propertyNames: { maxLength: 4 },
      }),
    }),
  );

  it('reports too many keys as OUT_OF_RANGE on the record, before looking at any key', () => {
    const metadata = Object.fromEntries(Array.from({ length: 70_000 }, (_, index) => [`k${index}`, 'v']));
    expect(record({ metadata })).toEqual([
      { code: 'OUT_OF_RANGE', field: 'metadata', pointer: '/metadata', expected: 'at most 3 properties' },
    ]);
  });

  it('reports a key that is too long as OUT_OF_RANGE on that key', () => {
    expect(record({ metadata: { short: 'x' } })).toEqual([
      { code: 'OUT_OF_RANGE', field: 'metadata.short', pointer: '/metadata/short', expected: 'length <= 4' },
    ]);
  });
});

it('explains a value of a union through the one branch of its type', () => {
  const check = compileValidator(
    Type.Object({ value: Type.Union([Type.String({ maxLength: 3 }), Type.Number(), Type.Boolean()]) }),
  );
  expect(check({ value: 'long' })?.[0]).toMatchObject({ code: 'OUT_OF_RANGE', field: 'value' });
  expect(check({ value: null })?.[0]).toMatchObject({ code: 'NULL_NOT_ALLOWED' });
  expect(check({ value: [] })?.[0]).toMatchObject({ code: 'WRONG_TYPE' });
  // JSON `1e400` is Infinity: a number past any range, as the number branch says, not a value of no branch's type.
  expect(check({ value: JSON.parse('1e400') })?.[0]).toEqual({
    code: 'OUT_OF_RANGE',
    field: 'value',
    pointer: '/value',
    expected: 'a finite number',
  });
});

describe('a declared property named like a member of Object.prototype', () => {
  // TypeBox tests presence with `key in value`, which sees the inherited `toString`.
  const check = compileValidator(
    closeSchema(
      Type.Object({
        toString: Type.Optional(Type.String({ maxLength: 5 })),
        valueOf: Type.Unknown(),
        nested: Type.Optional(Type.Object({ hasOwnProperty: Type.Optional(Type.Integer()) })),
      }),
    ),
  );

  it('is absent when the value does not hold it, optional or required', () => {
    expect(check({ valueOf: 1 })).toBeUndefined();
    expect(check({ valueOf: 1, nested: {} })).toBeUndefined();
    expect(check({})).toEqual([
      expect.objectContaining({ code: 'MISSING_FIELD', field: 'valueOf', pointer: '/valueOf' }),
    ]);
  });

  it('is checked when the value holds it', () => {
    expect(check({ valueOf: 1, toString: 'ok' })).toBeUndefined();
    expect(check({ valueOf: 1, toString: 'too long' })).toEqual([
      expect.objectContaining({ code: 'OUT_OF_RANGE', field: 'toString' }),
    ]);
    expect(check({ valueOf: 1, nested: { hasOwnProperty: 'x' } })).toEqual([
      expect.objectContaining({ code: 'WRONG_TYPE', field: 'nested.hasOwnProperty' }),
    ]);
    expect(check({ valueOf: 1, nested: { isPrototypeOf: 1 } })).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_FIELD', field: 'nested.isPrototypeOf' }),
    ]);
  });
});

it('checks a union whose branch declares an inherited name', () => {
  const check = compileValidator(
    closeSchema(
      Type.Object({
        value: Type.Union([
          Type.Object({ kind: Type.Literal('a'), toString: Type.Optional(Type.String()) }),
          Type.Object({ kind: Type.Literal('b'), size: Type.Integer({ maximum: 3 }) }),
        ]),
      }),
    ),
  );
  expect(check({ value: { kind: 'a' } })).toBeUndefined();
  expect(check({ value: { kind: 'a', toString: 1 } })?.[0]).toMatchObject({ code: 'WRONG_TYPE' });
  expect(check({ value: { kind: 'b', size: 3 } })).toBeUndefined();
});

describe('records keyed by any string', () => {
  it('check the value of a key holding a line break like any other key, and publish a pattern that says so', () => {
    const schema = closeSchema(Type.Object({ scores: Type.Record(Type.String(), Type.Number()) }));
    const validate = compileValidator(schema);
    expect(validate({ scores: { a: 1, 'a\nb': 2 } })).toBeUndefined();
    for (const key of ['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', '\n']) {
      expect(validate({ scores: { [key]: 'x' } })?.[0]).toMatchObject({ code: 'WRONG_TYPE' });
    }
    const pattern = Object.keys(
      (schema as unknown as Record<string, any>).properties.scores.patternProperties,
    );
    expect(pattern.map((each) => new RegExp(each, 'u').test('a\nb'))).toEqual([true]);
  });
});
