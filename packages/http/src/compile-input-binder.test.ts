import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileInputBinder } from './compile-input-binder.js';

const request = Type.Object({
  year: Type.Integer(),
  detailed: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.Array(Type.String())),
  note: Type.Optional(Type.String()),
});
const binder = compileInputBinder(request, ['year']);

describe('compileInputBinder', () => {
  it('adds the coerced path parameters to a JSON body', () => {
    expect(binder.body({ note: 'hi' }, { year: '2024' })).toEqual({ note: 'hi', year: 2024 });
  });

  it('passes a body that is not an object on to validation untouched', () => {
    expect(binder.body([1], { year: '2024' })).toEqual([1]);
    expect(binder.body('text', { year: '2024' })).toBe('text');
  });

  it('refuses a body or a query that repeats a path parameter', () => {
    for (const bind of [
      () => binder.body({ year: 1999 }, { year: '2024' }),
      () => binder.query({ year: '1999' }, { year: '2024' }),
    ]) {
      expect(bind).toThrow(expect.objectContaining({ code: 'UNKNOWN_FIELD', field: 'year' }));
    }
  });

  it('coerces query values to their field types and keeps inexact ones as strings', () => {
    expect(binder.query({ detailed: 'true', tags: 'a', note: '5' }, { year: '2024' })).toEqual({
      year: 2024,
      detailed: true,
      tags: ['a'],
      note: '5',
    });
    expect(binder.query({ detailed: 'yes' }, { year: '2024.0' })).toEqual({
      year: '2024.0',
      detailed: 'yes',
    });
  });

  it('refuses a __proto__ query key', () => {
    const query = JSON.parse('{"__proto__":"x"}') as Record<string, string>;
    expect(() => binder.query(query, { year: '2024' })).toThrow(
      expect.objectContaining({ code: 'PROTOTYPE_POISONING' }),
    );
    // The message names the request, not a body: a query has none.
    expect(() => binder.query(query, { year: '2024' })).toThrow(
      'The request contains a forbidden key at "?__proto__".',
    );
  });
});
