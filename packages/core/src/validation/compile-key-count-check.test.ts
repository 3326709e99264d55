import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { closeSchema } from './close-schema.js';
import { compileKeyCountCheck } from './compile-key-count-check.js';
import { compileValidator } from './compile-validator.js';

const Metadata = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
  maxProperties: 4,
  propertyNames: { maxLength: 20 },
});
const Document = Type.Object({ documentId: Type.String(), metadata: Type.Optional(Metadata) });
const validate = compileValidator(
  closeSchema(
    Type.Object({
      documents: Type.Array(Document),
      labels: Type.Optional(Type.Record(Type.String(), Metadata)),
      extra: Type.Optional(Type.Intersect([Type.Object({ a: Type.Optional(Metadata) })])),
      either: Type.Optional(Type.Union([Metadata, Type.Record(Type.String(), Type.Number())])),
    }),
  ),
);

/** An object of `count` keys whose values count how often anything reads them. */
function watched(count: number): { readonly object: Record<string, number>; reads(): number } {
  let reads = 0;
  const object: Record<string, number> = {};
  for (let index = 0; index < count; index++) {
    Object.defineProperty(object, `key${index}`, {
      enumerable: true,
      get: () => {
        reads++;
        return 1;
      },
    });
  }
  return { object, reads: () => reads };
}

describe('keys past maxProperties', () => {
  it('refuses an object over its bound at its pointer without reading any of its values', () => {
    const metadata = watched(5000);
    const issues = validate({
      documents: [{ documentId: 'a' }, { documentId: 'b', metadata: metadata.object }],
    });
    expect(issues).toEqual([
      {
        code: 'OUT_OF_RANGE',
        field: 'documents[1].metadata',
        pointer: '/documents/1/metadata',
        expected: 'at most 4 properties',
      },
    ]);
    expect(metadata.reads()).toBe(0);
  });

  it("follows a record's values and an intersection's parts to the object at fault", () => {
    const inRecord = watched(5);
    expect(validate({ documents: [], labels: { tea: { lang: 'en' }, cake: inRecord.object } })).toEqual([
      expect.objectContaining({ code: 'OUT_OF_RANGE', pointer: '/labels/cake' }),
    ]);
    expect(inRecord.reads()).toBe(0);
    const inIntersection = watched(5);
    expect(validate({ documents: [], extra: { a: inIntersection.object } })).toEqual([
      expect.objectContaining({ code: 'OUT_OF_RANGE', pointer: '/extra/a' }),
    ]);
    expect(inIntersection.reads()).toBe(0);
  });

  it("leaves a union's branches to the schema's own check: one branch without the bound accepts the object", () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`key${index}`, index]));
    expect(validate({ documents: [], either: many })).toBeUndefined();
  });

  it('checks an object within its bound as before: its own issues, with their fields', () => {
    expect(validate({ documents: [{ documentId: 'a', metadata: { lang: true } }] })).toEqual([
      expect.objectContaining({ code: 'WRONG_TYPE', field: 'documents[0].metadata.lang' }),
    ]);
    expect(validate({ documents: [{ documentId: 'a', metadata: { lang: 'en', tags: 2 } }] })).toBeUndefined();
  });

  it('adds nothing for a schema that bounds no object', () => {
    expect(
      compileKeyCountCheck(Type.Object({ a: Type.Record(Type.String(), Type.Number()) })),
    ).toBeUndefined();
    expect(compileKeyCountCheck(Metadata)).toBeDefined();
  });
});
