import type { TSchema } from 'typebox';
import { httpErrors } from './http-errors.js';

/** Converts one path or query value to the type its request field declares, when that is exact. */
export type ParameterCoercer = (name: string, value: string | string[]) => unknown;

type Convert = (text: string) => unknown;

const integerLiteral = /^-?(?:0|[1-9]\d*)$/;
const numberLiteral = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * An integer literal becomes its number when a number holds it exactly. One past that is kept as text (never
 * rounded into another value), unless it lies beyond a bound of the field: then it is that number, refused as
 * out of range with the bound, as the same value in a JSON body is, rather than as not an integer.
 */
const integerOf =
  (schema: Record<string, unknown> | undefined): Convert =>
  (text) => {
    if (!integerLiteral.test(text)) return text;
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
    const beyond = (bound: unknown, past: (limit: number) => boolean) =>
      typeof bound === 'number' && past(bound);
    const outOfRange =
      beyond(schema?.maximum, (limit) => value > limit) ||
      beyond(schema?.exclusiveMaximum, (limit) => value >= limit) ||
      beyond(schema?.minimum, (limit) => value < limit) ||
      beyond(schema?.exclusiveMinimum, (limit) => value <= limit);
    return outOfRange ? value : text;
  };

const converters: Readonly<Record<string, (schema: Record<string, unknown> | undefined) => Convert>> = {
  integer: integerOf,
  number: () => (text) => (numberLiteral.test(text) && Number.isFinite(Number(text)) ? Number(text) : text),
  boolean: () => (text) => (text === 'true' ? true : text === 'false' ? false : text),
};

/**
 * The conversion of one field's schema: by its `type`, or for a union (`anyOf`, such as literal
 * numbers or a nullable number) by its members' types, in order; a union with a plain string member
 * keeps the text, which that member already accepts.
 */
function converterOf(schema: Record<string, unknown> | undefined): Convert | undefined {
  const own = converters[String(schema?.type)]?.(schema);
  if (own || !Array.isArray(schema?.anyOf)) return own;
  const members = schema.anyOf as Record<string, unknown>[];
  if (members.some((member) => member.type === 'string' && !('const' in member))) return undefined;
  const convert = members.map(converterOf).filter((each): each is Convert => each !== undefined);
  if (convert.length === 0) return undefined;
  // A text that a string literal of the union spells (`'10'` in `'10' | 20`) is that literal, not a number.
  const literals = new Set(
    members.filter((member) => typeof member.const === 'string').map((member) => member.const),
  );
  return (text) => {
    if (literals.has(text)) return text;
    for (const each of convert) {
      const value = each(text);
      if (value !== text) return value;
    }
    return text;
  };
}

/**
 * Compiles the conversions for a request schema's top-level fields: strings that are exact
 * integer, number or boolean literals become those values for fields of that type (or of a union
 * with such members); anything else stays a string so validation reports `WRONG_TYPE`. A single
 * value for an array field becomes a one-item array.
 */
export function compileParameterCoercer(schema: TSchema): ParameterCoercer {
  const properties = ((schema as { properties?: Record<string, Record<string, unknown>> }).properties ??
    {}) as Record<string, Record<string, unknown>>;
  const plan = new Map<string, { array: boolean; single: boolean; convert: Convert | undefined }>();
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'array') {
      const items = property.items as Record<string, unknown> | undefined;
      plan.set(name, { array: true, single: false, convert: converterOf(items) });
    } else {
      plan.set(name, { array: false, single: !admitsArray(property), convert: converterOf(property) });
    }
  }
  return (name, value) => {
    const entry = plan.get(name);
    if (!entry) return value;
    if (entry.array) {
      const list = Array.isArray(value) ? value : [value];
      return entry.convert ? list.map(entry.convert) : list;
    }
    // `?limit=1&limit=2` for a field of one value: say so, rather than that a list is not an integer.
    if (entry.single && Array.isArray(value)) {
      throw httpErrors.MALFORMED_QUERY({ field: name, params: { reason: repeated(value.length) } });
    }
    return entry.convert && typeof value === 'string' ? entry.convert(value) : value;
  };
}

/** Whether a field's schema takes an array anywhere (a union with an array member, no declared type). */
function admitsArray(schema: Record<string, unknown>): boolean {
  if (schema.type === 'array') return true;
  if (Array.isArray(schema.type)) return schema.type.includes('array');
  const members = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(members)) return members.some((member) => admitsArray(member as Record<string, unknown>));
  return schema.type === undefined && !('const' in schema) && !Array.isArray(schema.enum);
}

function repeated(count: number) {
  return {
    en: `it is given ${count} times and takes one value`,
    'zh-CN': `它出现了 ${count} 次，但只接受一个值`,
  };
}
