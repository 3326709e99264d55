import type { TSchema } from 'typebox';

/** Converts one path or query value to the type its request field declares, when that is exact. */
export type ParameterCoercer = (name: string, value: string | string[]) => unknown;

type Convert = (text: string) => unknown;

const integerLiteral = /^-?(?:0|[1-9]\d*)$/;
const numberLiteral = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

const converters: Readonly<Record<string, Convert>> = {
  integer: (text) => (integerLiteral.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text),
  number: (text) => (numberLiteral.test(text) && Number.isFinite(Number(text)) ? Number(text) : text),
  boolean: (text) => (text === 'true' ? true : text === 'false' ? false : text),
};

/**
 * Compiles the conversions for a request schema's top-level fields: strings that are exact
 * integer, number or boolean literals become those values for fields of that type; anything
 * else stays a string so validation reports `WRONG_TYPE`. A single value for an array field
 * becomes a one-item array.
 */
export function compileParameterCoercer(schema: TSchema): ParameterCoercer {
  const properties = ((schema as { properties?: Record<string, Record<string, unknown>> }).properties ??
    {}) as Record<string, Record<string, unknown>>;
  const plan = new Map<string, { array: boolean; convert: Convert | undefined }>();
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'array') {
      const items = property.items as Record<string, unknown> | undefined;
      plan.set(name, { array: true, convert: converters[String(items?.type)] });
    } else {
      plan.set(name, { array: false, convert: converters[String(property.type)] });
    }
  }
  return (name, value) => {
    const entry = plan.get(name);
    if (!entry) return value;
    if (entry.array) {
      const list = Array.isArray(value) ? value : [value];
      return entry.convert ? list.map(entry.convert) : list;
    }
    return entry.convert && typeof value === 'string' ? entry.convert(value) : value;
  };
}
