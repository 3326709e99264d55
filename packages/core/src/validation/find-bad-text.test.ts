import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { closeSchema } from './close-schema.js';
import { compileValidator } from './compile-validator.js';

const validate = compileValidator(
  closeSchema(
    Type.Object({
      note: Type.Optional(Type.String()),
      lines: Type.Optional(Type.Array(Type.Object({ sku: Type.String() }))),
      metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
      anything: Type.Optional(Type.Unknown()),
    }),
  ),
);

describe('a NUL character (U+0000) in a request', () => {
  it.each([
    ['a string field', { note: 'a\u0000b' }, 'note', '/note'],
    ['a string at the very start', { note: '\u0000' }, 'note', '/note'],
    ['an array item', { lines: [{ sku: 'ok' }, { sku: 'x\u0000' }] }, 'lines[1].sku', '/lines/1/sku'],
    ['a record value', { metadata: { colour: 're\u0000d' } }, 'metadata.colour', '/metadata/colour'],
    ['a record key', { metadata: { 'a\u0000b': 'x' } }, 'metadata["a\\u0000b"]', '/metadata/a\\u0000b'],
    [
      'deep inside an unknown value',
      { anything: { list: ['fine', ['no\u0000']] } },
      'anything.list[1][0]',
      '/anything/list/1/0',
    ],
  ])('in %s is refused with NUL_CHARACTER and its field', (_name, value, field, pointer) => {
    expect(validate(value)).toEqual([{ code: 'NUL_CHARACTER', field, pointer }]);
  });

  it('is told apart from the text "\\u0000" and other control characters, which pass', () => {
    expect(validate({ note: '\\u0000 is how JSON writes NUL' })).toBeUndefined();
    expect(validate({ note: 'tab\tbell\u0007 del\u007f' })).toBeUndefined();
  });

  it('comes after the schema check: a value that breaks its schema reports that first', () => {
    expect(validate({ note: 5, metadata: { k: 'a\u0000' } })?.[0]?.code).toBe('WRONG_TYPE');
  });
});

describe('a lone UTF-16 surrogate in a request', () => {
  it.each([
    ['a high surrogate alone', { note: 'a\ud800b' }, 'note', '/note'],
    ['a low surrogate alone', { note: '\udc00' }, 'note', '/note'],
    ['a pair written backwards', { note: '\udc00\ud800' }, 'note', '/note'],
    ['an array item', { lines: [{ sku: 'ok' }, { sku: 'x\udbff' }] }, 'lines[1].sku', '/lines/1/sku'],
    ['a record key', { metadata: { 'a\ud800b': 'x' } }, 'metadata["a\\ud800b"]', '/metadata/a\\ud800b'],
    ['deep inside an unknown value', { anything: [['\ud800']] }, 'anything[0][0]', '/anything/0/0'],
  ])('in %s is refused with INVALID_UNICODE and its field', (_name, value, field, pointer) => {
    expect(validate(value)).toEqual([{ code: 'INVALID_UNICODE', field, pointer }]);
  });

  it('is told apart from text outside the BMP (a surrogate pair) and from Chinese, which pass', () => {
    expect(validate({ note: '放门口 😀 \ud83d\ude00', metadata: { '键😀': '值' } })).toBeUndefined();
  });

  it('is named with NUL before it when a string holds both', () => {
    expect(validate({ note: '\ud800\u0000' })?.[0]?.code).toBe('NUL_CHARACTER');
  });
});

describe('the NUL search compiled from the schema', () => {
  const shaped = compileValidator(
    closeSchema(
      Type.Object({
        title: Type.String(),
        count: Type.Integer(),
        kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
        either: Type.Optional(Type.Union([Type.String(), Type.Number()])),
        tags: Type.Optional(Type.Array(Type.String())),
        open: Type.Optional(Type.Object({ name: Type.String() }, { additionalProperties: true })),
      }),
    ),
  );
  const base = { title: 'fine', count: 1, kind: 'a' };

  it.each([
    ['a declared string', { ...base, title: 'x\u0000' }, 'title'],
    ['a string in an array', { ...base, tags: ['ok', 'n\u0000'] }, 'tags[1]'],
    ['a string inside a union', { ...base, either: 'u\u0000' }, 'either'],
    [
      'a property an open object does not declare',
      { ...base, open: { name: 'n', extra: 'e\u0000' } },
      'open.extra',
    ],
  ])('still finds one in %s', (_name, value, field) => {
    expect(shaped(value)?.[0]).toMatchObject({ code: 'NUL_CHARACTER', field });
  });

  it('passes a valid value without NUL', () => {
    expect(shaped(base)).toBeUndefined();
    expect(
      shaped({ ...base, either: 3, tags: [], open: { name: 'n', extra: { deep: 'ok' } } }),
    ).toBeUndefined();
  });
});
