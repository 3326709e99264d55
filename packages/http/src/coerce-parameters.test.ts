import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileParameterCoercer } from './coerce-parameters.js';

const coerce = compileParameterCoercer(
  Type.Object({
    count: Type.Integer(),
    limit: Type.Integer({ minimum: 1, maximum: 200 }),
    before: Type.Integer({ exclusiveMaximum: 9_007_199_254_740_992 }),
    unbounded: Type.Integer({ minimum: 0 }),
    ratio: Type.Number(),
    flag: Type.Boolean(),
    name: Type.String(),
    ids: Type.Array(Type.Integer()),
    words: Type.Array(Type.String()),
  }),
);

describe('compileParameterCoercer', () => {
  it.each([
    ['count', '10', 10],
    ['count', '-3', -3],
    ['count', '0', 0],
    ['count', '010', '010'],
    ['count', '1.5', '1.5'],
    ['count', '1e3', '1e3'],
    ['count', ' 1', ' 1'],
    ['count', '', ''],
    ['count', '9007199254740993', '9007199254740993'],
    ['limit', '99999999999999999999', 1e20],
    ['limit', '-99999999999999999999', -1e20],
    ['before', '99999999999999999999', 1e20],
    ['unbounded', '99999999999999999999', '99999999999999999999'],
    ['ratio', '1.5', 1.5],
    ['ratio', '-2e3', -2000],
    ['ratio', '.5', '.5'],
    ['ratio', 'NaN', 'NaN'],
    ['ratio', 'Infinity', 'Infinity'],
    ['flag', 'true', true],
    ['flag', 'false', false],
    ['flag', 'TRUE', 'TRUE'],
    ['flag', '1', '1'],
    ['name', '10', '10'],
    ['unknown', '10', '10'],
  ])('%s=%j → %j', (name, text, expected) => {
    expect(coerce(name, text)).toEqual(expected);
  });

  it('refuses repeated values for a field of one value as MALFORMED_QUERY naming it and the count', () => {
    for (const name of ['count', 'name', 'flag']) {
      let thrown: unknown;
      try {
        coerce(name, ['1', '2', '3']);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'MALFORMED_QUERY', field: name });
      expect((thrown as Error).message).toBe(
        `The query parameter "${name}" is not valid: it is given 3 times and takes one value.`,
      );
    }
    // An unknown field is left to validation (UNKNOWN_FIELD); a field whose schema takes a list keeps the list.
    expect(coerce('unknown', ['1', '2'])).toEqual(['1', '2']);
    const open = compileParameterCoercer(
      Type.Object({ any: Type.Unknown(), either: Type.Union([Type.String(), Type.Array(Type.String())]) }),
    );
    expect(open('any', ['1', '2'])).toEqual(['1', '2']);
    expect(open('either', ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('makes array fields lists and converts their items', () => {
    expect(coerce('ids', '7')).toEqual([7]);
    expect(coerce('ids', ['1', 'x'])).toEqual([1, 'x']);
    expect(coerce('words', 'a')).toEqual(['a']);
  });

  it('converts a field whose union members are numbers or booleans, as the OpenAPI document declares it', () => {
    const union = compileParameterCoercer(
      Type.Object({
        page: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
        min: Type.Union([Type.Number(), Type.Null()]),
        either: Type.Union([Type.Integer(), Type.Boolean()]),
        text: Type.Union([Type.String(), Type.Integer()]),
        pages: Type.Array(Type.Union([Type.Literal(1), Type.Literal(2)])),
        size: Type.Union([Type.Literal('10'), Type.Literal(20)]),
      }),
    );
    expect(union('page', '2')).toBe(2);
    expect(union('min', '2.5')).toBe(2.5);
    expect(union('min', 'x')).toBe('x');
    expect(union('either', '3')).toBe(3);
    expect(union('either', 'true')).toBe(true);
    expect(union('text', '10')).toBe('10');
    expect(union('pages', ['1', '2'])).toEqual([1, 2]);
    // A string literal of the union that spells a number stays that string.
    expect(union('size', '10')).toBe('10');
    expect(union('size', '20')).toBe(20);
  });
});
