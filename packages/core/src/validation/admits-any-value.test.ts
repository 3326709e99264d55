import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { admitsAnyValue } from './admits-any-value.js';

describe('admitsAnyValue', () => {
  it('finds an open value anywhere in a schema', () => {
    expect(admitsAnyValue(Type.Any())).toBe(true);
    expect(admitsAnyValue(Type.Object({ nested: Type.Object({ value: Type.Unknown() }) }))).toBe(true);
    expect(admitsAnyValue(Type.Array(Type.Any()))).toBe(true);
    expect(admitsAnyValue(Type.Record(Type.String(), Type.Unknown()))).toBe(true);
    expect(admitsAnyValue(Type.Union([Type.String(), Type.Any()]))).toBe(true);
  });

  it('finds none in schemas that constrain every value', () => {
    expect(admitsAnyValue(Type.Object({ id: Type.String(), count: Type.Integer() }))).toBe(false);
    expect(admitsAnyValue(Type.Array(Type.Union([Type.Literal('a'), Type.Number()])))).toBe(false);
    expect(admitsAnyValue(Type.Record(Type.String(), Type.Boolean()))).toBe(false);
  });
});
