import {
  giveUp,
  isAscii,
  needsNoEscape,
  nonAsciiCount,
  wholeObject,
  writeLeaf,
} from './compile-json-stringify.js';

/** Checks a value against a closed schema while writing it as JSON; see `compileCheckedJson`. */
export interface CheckedJsonWriter {
  /** `JSON.stringify(value)`, when the value was verified against the schema on the way; else `undefined`. */
  (value: unknown): string | undefined;
  /** True when every character of the text the last call returned is ASCII. */
  readonly ascii: boolean;
}

/**
 * Compiles, for a closed response schema, a writer that checks a value while writing it: it returns
 * `JSON.stringify(value)`'s text only when it verified on the way what the schema's compiled TypeBox check
 * verifies (an object with only the schema's properties, the required ones all there, each of its type and
 * within its bounds), and `undefined` when it cannot tell (keys out of the schema's order, a string to
 * escape, a value of the wrong type, a class instance…): the caller then checks and writes as before. One
 * walk of the value instead of two. A property JSON does not write (one not enumerable) is not looked at.
 * A schema with a keyword it does not know (a pattern, a format, `$ref`, a union of objects, bounds on a
 * string's length…) compiles to nothing: `undefined`.
 */
export function compileCheckedJson(schema: unknown): CheckedJsonWriter | undefined {
  const compiler = new CheckedCompiler();
  let root: string;
  try {
    root = compiler.container(schema);
  } catch (thrown) {
    if (thrown instanceof Unsupported) return undefined;
    throw thrown;
  }
  const source = `${compiler.functions.join('\n')}\nreturn ${root};`;
  const write = new Function('plainText', 'leaf', 'keys', 'unverified', source)(
    needsNoEscape,
    writeLeaf,
    compiler.keys,
    unverified,
  ) as (value: object) => string;
  const asciiConstants = compiler.keys.every((names) => names.every((name) => isAscii(JSON.stringify(name))));
  const checked = ((value: unknown) => {
    if (typeof value !== 'object' || value === null) return undefined;
    // A count rather than a flag: a getter read on the way may run another writer, which must not reset it.
    const before = nonAsciiCount();
    let text: string;
    try {
      text = write(value);
    } catch (thrown) {
      if (thrown === unverified || thrown === giveUp) return undefined;
      throw thrown;
    }
    checked.ascii = asciiConstants && nonAsciiCount() === before;
    return text;
  }) as { (value: unknown): string | undefined; ascii: boolean };
  checked.ascii = false;
  return checked;
}

/** Thrown by the generated code where it cannot verify the value: the caller checks and writes it as before. */
const unverified = Symbol('unverified');

/** Thrown while compiling a schema with a keyword the writer does not check. */
class Unsupported extends Error {}

/** Keywords that say nothing about which values a schema admits. */
const annotations = new Set([
  'title',
  'description',
  'examples',
  'default',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** A property's value read into a variable: the test it must pass, and the JSON expression writing it. */
interface Shape {
  readonly test: string;
  readonly write: string;
  /** Written between quotes that may belong to the constant text around it (`write` then omits them). */
  readonly quoted?: boolean;
}

/** Generates a function per object and array of the schema; throws `Unsupported` for anything it does not check. */
class CheckedCompiler {
  readonly functions: string[] = [];
  readonly keys: (readonly string[])[] = [];
  private readonly names = new Map<object, string>();

  /** The name of the function that checks and writes an object or array of `schema`. */
  container(schema: unknown): string {
    const node = keywordsOf(schema);
    const known = this.names.get(schema as object);
    if (known) return known;
    const name = `check${this.names.size}`;
    this.names.set(schema as object, name);
    if (node.type === 'object') this.object(name, node);
    else if (node.type === 'array') this.array(name, node);
    else throw new Unsupported();
    return name;
  }

  private object(name: string, node: Readonly<Record<string, unknown>>): void {
    only(node, ['type', 'properties', 'required', 'additionalProperties']);
    const { properties, required } = node;
    if (node.additionalProperties !== false || typeof properties !== 'object' || properties === null)
      throw new Unsupported();
    const names = Object.keys(properties);
    const requiredNames = required === undefined ? [] : required;
    if (
      names.length === 0 ||
      names.length > 30 ||
      names.includes('__proto__') ||
      !Array.isArray(requiredNames) ||
      !requiredNames.every((each) => names.includes(each))
    )
      throw new Unsupported();
    const all = 2 ** names.length - 1;
    const requiredBits = names.reduce(
      (bits, each, index) => (requiredNames.includes(each) ? bits | (2 ** index) : bits),
      0,
    );
    const table = this.keys.push(names) - 1;
    const heads = names.map((key) => `${JSON.stringify(key)}:`);
    const reads = names.map((key, index) => `v${index} = value[${JSON.stringify(key)}]`);
    const shapes = names.map((key, index) =>
      this.shape((properties as Record<string, unknown>)[key], `v${index}`),
    );
    const eachPresent = shapes.map((shape, index) => {
      const written = shape.quoted ? `'"' + ${shape.write} + '"'` : shape.write;
      return `if (seen & ${2 ** index}) {
    if (!(${shape.test})) throw unverified;
    out += (out.length === 1 ? ${JSON.stringify(heads[index])} : ${JSON.stringify(`,${heads[index]}`)}) + ${written};
  }`;
    });
    this.functions.push(`function ${name}(value) {
  if (value.toJSON !== undefined || Array.isArray(value)) throw unverified;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw unverified;
  const names = keys[${table}];
  let index = 0, seen = 0;
  for (const key in value) {
    while (key !== names[index]) if (++index >= ${names.length}) throw unverified;
    seen |= 1 << index++;
  }
  const ${reads.join(', ')};
  if (seen === ${all}) {
    if (${shapes.map((shape) => shape.test).join(' && ')}) return ${wholeObject(heads, shapes)};
    throw unverified;
  }
  if ((seen & ${requiredBits}) !== ${requiredBits}) throw unverified;
  let out = '{';
  ${eachPresent.join('\n  ')}
  return out + '}';
}`);
  }

  private array(name: string, node: Readonly<Record<string, unknown>>): void {
    only(node, ['type', 'items', 'minItems', 'maxItems']);
    const { minItems, maxItems } = node;
    const bounds = [
      minItems === undefined ? '' : ` || value.length < ${count(minItems)}`,
      maxItems === undefined ? '' : ` || value.length > ${count(maxItems)}`,
    ].join('');
    const item = this.shape(node.items, 'v');
    const written = item.quoted ? `'"' + ${item.write} + '"'` : item.write;
    this.functions.push(`function ${name}(value) {
  if (!Array.isArray(value) || value.toJSON !== undefined${bounds}) throw unverified;
  let out = '[';
  for (let index = 0; index < value.length; index++) {
    const v = value[index];
    if (!(${item.test})) throw unverified;
    out += (index === 0 ? '' : ',') + ${written};
  }
  return out + ']';
}`);
  }

  /** How a value of `schema` read into `read` is checked and written. */
  private shape(schema: unknown, read: string): Shape {
    const node = keywordsOf(schema);
    if ('const' in node || 'enum' in node || 'anyOf' in node) return literals(node, read);
    switch (node.type) {
      case 'string':
        only(node, ['type']);
        return { test: `typeof ${read} === 'string' && plainText(${read})`, write: read, quoted: true };
      case 'integer':
      case 'number': {
        only(node, ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
        const kind = node.type === 'integer' ? `Number.isInteger(${read})` : `Number.isFinite(${read})`;
        const bounds = (
          [
            ['minimum', '>='],
            ['maximum', '<='],
            ['exclusiveMinimum', '>'],
            ['exclusiveMaximum', '<'],
          ] as const
        )
          .filter(([keyword]) => node[keyword] !== undefined)
          .map(([keyword, operator]) => ` && ${read} ${operator} ${finite(node[keyword])}`)
          .join('');
        return { test: `typeof ${read} === 'number' && ${kind}${bounds}`, write: read };
      }
      case 'boolean':
        only(node, ['type']);
        return { test: `typeof ${read} === 'boolean'`, write: `(${read} ? 'true' : 'false')` };
      case 'null':
        only(node, ['type']);
        return { test: `${read} === null`, write: `'null'` };
      case 'object':
      case 'array':
        return {
          test: `typeof ${read} === 'object' && ${read} !== null`,
          write: `${this.container(schema)}(${read})`,
        };
      default:
        throw new Unsupported();
    }
  }
}

/** A schema's keywords, annotations left out; anything but an object schema is unsupported. */
function keywordsOf(schema: unknown): Readonly<Record<string, unknown>> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Unsupported();
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !annotations.has(keyword)));
}

/** Refuses a schema with a keyword other than `allowed`. */
function only(node: Readonly<Record<string, unknown>>, allowed: readonly string[]): void {
  for (const keyword of Object.keys(node)) if (!allowed.includes(keyword)) throw new Unsupported();
}

/** A literal (`const`), an `enum` or a union of them: each value a string, a finite number, a boolean or null. */
function literals(node: Readonly<Record<string, unknown>>, read: string): Shape {
  const values = literalValues(node);
  const test = `(${values.map((value) => `${read} === ${JSON.stringify(value)}`).join(' || ')})`;
  const plainAscii = values.every(
    (value) => typeof value === 'string' && isAscii(value) && needsNoEscape(value),
  );
  // Strings that need no escaping go between quotes as they are; anything else is written by `leaf`.
  return plainAscii ? { test, write: read, quoted: true } : { test, write: `leaf(${read})` };
}

function literalValues(node: Readonly<Record<string, unknown>>): readonly unknown[] {
  if ('anyOf' in node) {
    only(node, ['anyOf']);
    if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) throw new Unsupported();
    return node.anyOf.flatMap((member) => literalValues(keywordsOf(member)));
  }
  if ('const' in node) {
    only(node, ['const', 'type']);
    return [literal(node.const, node.type)];
  }
  if ('enum' in node) {
    only(node, ['enum', 'type']);
    if (!Array.isArray(node.enum) || node.enum.length === 0) throw new Unsupported();
    return node.enum.map((value) => literal(value, node.type));
  }
  throw new Unsupported();
}

/** A literal the writer compares with `===`, of the schema's `type` when it names one. */
function literal(value: unknown, type: unknown): unknown {
  const kind = value === null ? 'null' : typeof value;
  const named = type === 'integer' ? 'number' : type;
  if (
    kind !== 'string' &&
    kind !== 'boolean' &&
    kind !== 'null' &&
    !(kind === 'number' && Number.isFinite(value))
  )
    throw new Unsupported();
  if (named !== undefined && named !== kind) throw new Unsupported();
  if (type === 'integer' && !Number.isInteger(value)) throw new Unsupported();
  return value;
}

function finite(bound: unknown): number {
  if (typeof bound !== 'number' || !Number.isFinite(bound)) throw new Unsupported();
  return bound;
}

function count(bound: unknown): number {
  if (typeof bound !== 'number' || !Number.isInteger(bound) || bound < 0) throw new Unsupported();
  return bound;
}
